import { useEffect, useState } from 'react';
import { VISIT_FEE_LABELS, type LaboratoryPageExam } from '@contracts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { dayName, formatClp, shortExamName } from '../../app/format';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useLaboratoryPage } from '../../api/search';
import { itemAdded, itemRemoved } from '../features/cart/cartSlice';
import { QuotedOrder, quotedOrderFrom } from '../features/laboratory/QuotedOrder';
import { homeCollectionText } from '../../shared/homeCollectionText';
import NotFoundPage from '../../shared/ui/NotFoundPage';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { LoadError } from '../../shared/ui/LoadError';
import { Pager } from '../layout/Pager';


const PER_PAGE = 20;

export default function LaboratoryPage() {
  const { id } = useParams();
  const laboratoryId = Number(id);
  const valid = Number.isInteger(laboratoryId) && laboratoryId > 0;
  const [term, setTerm] = useState('');
  const [typedTerm, setTypedTerm] = useState('');
  const [page, setPage] = useState(1);
  // Opened from a quote: the order comes along in the address (examenes, prevision, cobertura).
  const [params] = useSearchParams();
  const order = quotedOrderFrom(params);

  // Spec §9: the fetch waits 200 ms, so typing sends one request.
  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(typedTerm.trim());
      setPage(1);
    }, 200);
    return () => clearTimeout(timer);
  }, [typedTerm]);

  const { data, loading, error, retry } = useLaboratoryPage(valid ? laboratoryId : null, { term: term || undefined, currentPage: page, perPage: PER_PAGE });
  const shown = data?.laboratory;
  usePageTitle(shown ? `${shown.identifierName} · ${shown.comuna.name}` : null, shown ? `${shown.addressLine1}, ${shown.comuna.name}: precios de sus exámenes de laboratorio y lo que pagas con tu previsión.` : undefined);

  // The spec makes the id optional: without one, the laboratories are found in /buscador.
  if (id === undefined) return <Navigate to="/buscador" replace />;
  if (!valid || error?.envelope.code === 404) return <NotFoundPage />;
  if (error) {
    return <LoadError className="cl-container cl-block" message={error.message} retry={retry} />;
  }
  // Sized like the page (its head and a block as tall as its panels), so the data arriving moves nothing.
  if (!data) {
    return (
      <div className="cl-container cl-lab" aria-busy="true">
        <header className="cl-lab__head">
          <p className="cl-muted">&nbsp;</p>
          <h1 className="cl-page-title">Cargando laboratorio…</h1>
          <p>&nbsp;</p>
        </header>
        <div className="cl-lab__skeleton" />
      </div>
    );
  }

  const lab = data.laboratory;
  const mapUrl = lab.lat !== null && lab.lng !== null ? `https://www.openstreetmap.org/?mlat=${lab.lat}&mlon=${lab.lng}#map=17/${lab.lat}/${lab.lng}` : null;
  return (
    <div className="cl-container cl-lab">
      <header className="cl-lab__head">
        <p className="cl-muted">{lab.company.tradeName}</p>
        <h1 className="cl-page-title">{lab.identifierName}</h1>
        <p>
          <i className="pi pi-map-marker" aria-hidden="true" /> {lab.addressLine1}
          {lab.addressLine2 ? `, ${lab.addressLine2}` : ''}, {lab.comuna.name}
          {lab.comuna.parent ? `, ${lab.comuna.parent.name}` : ''}
          {mapUrl && (
            <>
              {' · '}
              <a href={mapUrl} target="_blank" rel="noreferrer">Ver en el mapa</a>
            </>
          )}
        </p>
      </header>

      {order && <QuotedOrder laboratoryId={lab.id} laboratoryName={lab.identifierName} order={order} />}

      <div className="cl-lab__layout">
        <aside className="cl-lab__info" aria-label="Datos del laboratorio">
          {(lab.phone || lab.email || lab.website) && <section className="cl-panel">
            <h2>Contacto</h2>
            <ul className="cl-plain">
              {lab.phone && <li><i className="pi pi-phone" aria-hidden="true" /> <a href={`tel:${lab.phone.replace(/\s/g, '')}`}>{lab.phone}</a></li>}
              {lab.email && <li><i className="pi pi-envelope" aria-hidden="true" /> <a href={`mailto:${lab.email}`}>{lab.email}</a></li>}
              {lab.website && <li><i className="pi pi-globe" aria-hidden="true" /> <a href={lab.website} target="_blank" rel="noreferrer">{lab.website}</a></li>}
            </ul>
          </section>}
          <section className="cl-panel">
            <h2>Horario de atención</h2>
            {lab.openingHours && lab.openingHours.length > 0 ? (
              <table className="cl-hours">
                <tbody>
                  {lab.openingHours.map((h) => (
                    <tr key={`${h.day}-${h.opens}`}>
                      <th scope="row">{dayName(h.day)}</th>
                      <td>{h.opens} a {h.closes}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="cl-muted">El laboratorio no ha informado su horario.</p>
            )}
          </section>
          <section className="cl-panel">
            <h2>Previsiones que acepta</h2>
            <p>{lab.fonasaLevel ? `Atiende con bono FONASA (Modalidad Libre Elección), nivel ${lab.fonasaLevel}` : 'No atiende con bono FONASA: se paga el precio particular.'}</p>
            <ul className="cl-chips">
              {lab.insurers.map((i) => <li key={i.id}>{i.name}</li>)}
            </ul>
          </section>
          {lab.homeCollection && (
            <section className="cl-panel" data-testid="lab-home-collection">
              <h2>Toma de muestra a domicilio</h2>
              <p>{homeCollectionText(lab.homeCollection, lab.homeCollection.comunas.length)}</p>
              {!lab.homeCollection.sameFee && (
                <ul className="cl-plain">
                  {lab.homeCollection.comunas.map((c) => <li key={c.id}>{c.name}: {formatClp(c.fee)}</li>)}
                </ul>
              )}
            </section>
          )}
          {lab.fees.length > 0 && (
            <section className="cl-panel" data-testid="lab-fees">
              <h2>Cobros aparte de los exámenes</h2>
              <ul className="cl-plain">
                {lab.fees.map((fee) => (
                  <li key={fee.kind}>
                    {VISIT_FEE_LABELS[fee.kind]}: {formatClp(fee.amount)}
                    {fee.kind === 'AFTER_HOURS' ? ` de ${fee.startsAt} a ${fee.endsAt}` : ', una vez por visita'}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {lab.attributes.map((attribute) => (
            <section key={attribute.id} className="cl-panel">
              <h2>{attribute.name}</h2>
              <ul className="cl-plain cl-checks">
                {attribute.values.map((v) => <li key={`${v.id}-${v.name}`}><i className="pi pi-check" aria-hidden="true" /> {v.name}</li>)}
              </ul>
            </section>
          ))}
        </aside>

        <section className="cl-lab__exams" aria-labelledby="exams-title" aria-busy={loading}>
          <h2 id="exams-title">Exámenes y precios</h2>
          <span className="cl-field">
            <label htmlFor="exam-filter">Buscar un examen en este laboratorio</label>
            <InputText id="exam-filter" value={typedTerm} onChange={(e) => setTypedTerm(e.target.value)} placeholder="Nombre o código FONASA" maxLength={100} />
          </span>
          <p className="cl-muted" aria-live="polite">
            {data.exams.total.toLocaleString('es-CL')} {data.exams.total === 1 ? 'examen' : 'exámenes'}
            {term ? ` con «${term}»` : ''}
          </p>
          {data.exams.items.length === 0 ? (
            <p className="cl-empty">No encontramos exámenes{term ? ` con «${term}»` : ''} en este laboratorio.</p>
          ) : (
            <ul className="cl-exam-list">
              {data.exams.items.map((exam) => <ExamRow key={exam.laboratoryExamId} exam={exam} laboratoryName={lab.identifierName} laboratoryId={lab.id} />)}
            </ul>
          )}
          {data.exams.lastPage > 1 && (
            <Pager first={(page - 1) * PER_PAGE} rows={PER_PAGE} totalRecords={data.exams.total} onPageChange={(e) => setPage(e.page + 1)} />
          )}
          <p className="cl-muted">
            Precios informados por el laboratorio, antes de tu previsión. Para ver tu copago, <Link to="/buscador">cotiza tu orden</Link>.
          </p>
        </section>
      </div>
    </div>
  );
}

function ExamRow({ exam, laboratoryName, laboratoryId }: { exam: LaboratoryPageExam; laboratoryName: string; laboratoryId: number }) {
  const dispatch = useAppDispatch();
  const inCart = useAppSelector((state) => state.cart.items.some((i) => i.id === exam.laboratoryExamId));
  const name = shortExamName(exam.name);
  return (
    <li className="cl-exam-row">
      <div className="cl-exam-row__text">
        <span className="cl-exam-row__name">{name}</span>
        <small className="cl-muted">FONASA {exam.code} · {exam.typeName}</small>
      </div>
      <div className="cl-exam-row__prices">
        <strong className="cl-exam-row__price">{formatClp(exam.price)}</strong>
        {exam.fonasaBono && (
          <small className="cl-exam-row__bono">
            {exam.fonasaBono.copay <= exam.price ? `Con bono FONASA: ${formatClp(exam.fonasaBono.copay)}` : 'Con FONASA conviene pagar particular'}
          </small>
        )}
      </div>
      {inCart ? (
        <Button label="En el carro" icon="pi pi-check" outlined size="small" aria-label={`${name} está en el carro; quitarlo`} onClick={() => dispatch(itemRemoved(exam.laboratoryExamId))} />
      ) : (
        <Button
          label="Agregar"
          icon="pi pi-cart-plus"
          size="small"
          aria-label={`Agregar ${name} al carro`}
          onClick={() =>
            dispatch(itemAdded({ id: exam.laboratoryExamId, name, categoryName: laboratoryName, cover: '', description: exam.name, price: exam.price, code: exam.code, options: [], quantity: 1, laboratoryId, examId: exam.id }))
          }
        />
      )}
    </li>
  );
}
