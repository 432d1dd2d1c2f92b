import { useEffect, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useAppDispatch, useAppSelector } from '../app/store';
import { comunasRequested, regionsRequested } from '../features/locations/locationsSlice';

const STEPS = [
  { icon: 'pi pi-file-edit', title: 'Ingresa tu orden médica', text: 'Escribe los exámenes como aparecen en tu orden, por nombre, sigla o código FONASA.' },
  { icon: 'pi pi-map-marker', title: 'Elige dónde', text: 'Tu comuna y, si quieres, las comunas vecinas.' },
  { icon: 'pi pi-wallet', title: 'Compara el total', text: 'El precio de cada examen, el total de la orden y tu copago según tu previsión, laboratorio por laboratorio.' },
];

export default function HomePage() {
  const dispatch = useAppDispatch();
  const { regions, regionsStatus, comunasByRegion, comunasStatus, error } = useAppSelector((state) => state.locations);
  const [regionId, setRegionId] = useState<number | null>(null);
  const [comunaId, setComunaId] = useState<number | null>(null);

  useEffect(() => {
    if (regionsStatus === 'idle') dispatch(regionsRequested());
  }, [dispatch, regionsStatus]);

  const comunas = regionId === null ? [] : (comunasByRegion[regionId] ?? []);

  return (
    <>
      <section className="cl-hero" aria-labelledby="hero-title">
        <div className="cl-container">
          <h1 id="hero-title">Cotiza tus exámenes de laboratorio</h1>
          <p className="cl-hero__lead">Compara el precio de toda tu orden médica y cuánto pagas con tu previsión en los laboratorios cerca de ti.</p>
          <div className="cl-hero__card">
            <h2 className="cl-hero__card-title">¿Dónde quieres atenderte?</h2>
            {regionsStatus === 'failed' && <Message severity="error" text={error ?? 'No pudimos cargar las regiones.'} />}
            <div className="cl-hero__fields">
              <span className="cl-field">
                <label htmlFor="region">Región</label>
                <Dropdown
                  inputId="region"
                  value={regionId}
                  options={regions}
                  optionLabel="name"
                  optionValue="id"
                  placeholder={regionsStatus === 'loading' ? 'Cargando regiones…' : 'Elige una región'}
                  onChange={(e) => {
                    setRegionId(e.value);
                    setComunaId(null);
                    dispatch(comunasRequested(e.value));
                  }}
                />
              </span>
              <span className="cl-field">
                <label htmlFor="comuna">Comuna</label>
                <Dropdown
                  inputId="comuna"
                  value={comunaId}
                  options={comunas}
                  optionLabel="name"
                  optionValue="id"
                  filter
                  emptyFilterMessage="Sin coincidencias"
                  disabled={regionId === null}
                  placeholder={regionId !== null && comunasStatus === 'loading' ? 'Cargando comunas…' : 'Elige una comuna'}
                  onChange={(e) => setComunaId(e.value)}
                />
              </span>
            </div>
          </div>
        </div>
      </section>
      <section className="cl-container cl-steps" aria-labelledby="steps-title">
        <h2 id="steps-title">Cómo funciona</h2>
        <ol>
          {STEPS.map((step) => (
            <li key={step.title}>
              <i className={step.icon} aria-hidden="true" />
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
