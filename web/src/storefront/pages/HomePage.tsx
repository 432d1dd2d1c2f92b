import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ExamPicker, type PickedExam } from '../features/search/ExamPicker';
import { OrderReader } from '../features/order-reader/OrderReader';
import { InsurerPicker, type Coverage } from '../features/search/InsurerPicker';
import { PlacePicker, type Place } from '../features/search/PlacePicker';
import { EMPTY_FILTER, filterFromUrl, filterToUrl } from '../features/search/quoteFilter';
import { examNamed, examNamesWanted } from '../features/search/searchSlice';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { HomeShowcase } from '../features/products/HomeShowcase';
import { useSearchDefaults } from '../features/profile/searchDefaults';

const STEPS = [
  { icon: 'pi pi-file-edit', title: 'Ingresa tu orden médica', text: 'Escribe los exámenes como aparecen en tu orden, por nombre, sigla o código FONASA.' },
  { icon: 'pi pi-map-marker', title: 'Elige dónde', text: 'Tu comuna y, si quieres, las comunas vecinas.' },
  { icon: 'pi pi-wallet', title: 'Compara el total', text: 'El precio de cada examen, el total de la orden y tu copago según tu previsión, laboratorio por laboratorio.' },
];

export default function HomePage() {
  usePageTitle('Cotiza tus exámenes de laboratorio', 'Cotiza y compara exámenes de laboratorio clínico en Chile: precio, cobertura y copago en cada laboratorio cerca de ti.');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { examNames, examTyped } = useAppSelector((state) => state.search);
  // The form as the patient left it: "Cotizar" writes it in this page's address, so VOLVER, the
  // back button and a reload bring back the order, the place and the previsión.
  const [left] = useState(() => filterFromUrl(params).filter);
  const [exams, setExams] = useState<PickedExam[]>(() => left.exams.map((id) => ({ id, name: examNames[id] ?? '…', ...(examTyped[id] && { typed: examTyped[id] }) })));
  const [place, setPlace] = useState<Place>({ locationFk: left.locationFk, location: left.location, nearLocations: left.nearLocations });
  const [coverage, setCoverage] = useState<Coverage>({ pensionHealtInstitutionId: left.pensionHealtInstitutionId, coveragePercentage: left.coveragePercentage, coverageCapUf: left.coverageCapUf });
  // After a reload only the ids are known: the names come from the catalogue.
  useEffect(() => {
    if (left.exams.some((id) => !examNames[id])) dispatch(examNamesWanted(left.exams));
  }, []);
  useEffect(() => {
    setExams((current) => current.map((exam) => (exam.name === '…' && examNames[exam.id] ? { ...exam, name: examNames[exam.id] } : exam)));
  }, [examNames]);
  // A signed-in patient's profile fills where and with which previsión, unless they already chose.
  const defaults = useSearchDefaults();
  const touched = useRef(left.location !== null || left.locationFk !== null || left.pensionHealtInstitutionId !== null);
  useEffect(() => {
    if (!defaults || touched.current) return;
    setPlace(defaults.place);
    setCoverage(defaults.coverage);
  }, [defaults?.place.location, defaults?.coverage.pensionHealtInstitutionId, defaults?.coverage.coveragePercentage]);

  const quote = (event: FormEvent) => {
    event.preventDefault();
    dispatch(examNamed(exams));
    const query = filterToUrl({ ...EMPTY_FILTER, ...place, ...coverage, exams: exams.map((e) => e.id), orderBy: exams.length > 0 ? 'toPay' : 'identifierName' });
    navigate(`/?${query}`, { replace: true });
    navigate(`/buscador?${query}`);
  };

  return (
    <>
      <section className="cl-hero" aria-labelledby="hero-title">
        <div className="cl-container">
          <h1 id="hero-title">Cotiza tus exámenes de laboratorio</h1>
          <p className="cl-hero__lead">Compara el precio de toda tu orden médica y cuánto pagas con tu previsión en los laboratorios cerca de ti.</p>
          <form className="cl-hero__card" onSubmit={quote} aria-label="Cotizar una orden médica">
            <div className="cl-field">
              <label htmlFor="exams">Exámenes de tu orden médica</label>
              <ExamPicker id="exams" value={exams} onChange={setExams} />
              <OrderReader value={exams} onChange={setExams} />
            </div>
            <div className="cl-hero__fields">
              <PlacePicker value={place} onChange={(chosen) => { touched.current = true; setPlace(chosen); }} />
              <InsurerPicker value={coverage} onChange={(chosen) => { touched.current = true; setCoverage(chosen); }} />
            </div>
            <Button type="submit" label={exams.length > 0 ? `Cotizar ${exams.length} ${exams.length === 1 ? 'examen' : 'exámenes'}` : 'Ver laboratorios'} icon="pi pi-search" className="cl-hero__submit" />
          </form>
        </div>
      </section>
      <HomeShowcase />
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
      <section className="cl-container" aria-labelledby="providers-title">
        <div className="cl-providers-cta">
          <h2 id="providers-title">¿Tienes un laboratorio? Publica tus precios</h2>
          <p>Registra tu empresa y sus sucursales, y tus precios aparecerán en las cotizaciones de los pacientes de tu comuna una vez aprobados.</p>
          <Link to="/registro-laboratorio" className="p-button p-button-outlined cl-providers-cta__link">Registrar mi laboratorio</Link>
        </div>
      </section>
    </>
  );
}
