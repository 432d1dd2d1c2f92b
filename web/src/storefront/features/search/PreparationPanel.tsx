import type { OpeningHours, OrderPreparation } from '@contracts';
import { visitTimeAdvice } from '@contracts';

/**
 * How to prepare for the whole order (issue 30): the longest fasting, the earliest hour, what to bring, and a
 * warning when it cannot be done in one visit. With a branch's hours, when to go there.
 */
export function PreparationPanel({ preparation, hours }: { preparation: OrderPreparation; hours?: OpeningHours[] }) {
  const advice = hours ? visitTimeAdvice(preparation, hours) : null;
  return (
    <section className="cl-prep" aria-labelledby="prep-title" data-testid="preparation">
      <h3 id="prep-title" className="cl-prep__title">
        <i className="pi pi-list-check" aria-hidden="true" /> Cómo prepararte para tu orden
      </h3>
      {!preparation.oneVisit && (
        <p className="cl-prep__warn" data-testid="preparation-day-before">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> No se puede hacer en una sola visita: necesitas empezar el día anterior.
        </p>
      )}
      <ul className="cl-prep__steps">
        {preparation.steps.map((step) => <li key={step}>{step}</li>)}
        {advice && <li data-testid="preparation-time">{advice}</li>}
      </ul>
      <p className="cl-prep__source">Indicaciones generales: confirma con el laboratorio y sigue lo que diga tu médico.</p>
    </section>
  );
}
