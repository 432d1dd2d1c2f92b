import { AuditTimeline } from '../../crud/AuditTimeline';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { KindTag, termMeaning } from './OrderTermList';
import { kindOf } from './schema';

export default function OrderTermShow({ id }: { id: number }) {
  return (
    <ShowShell
      resource="order-terms"
      id={id}
      listPath="/app/order-terms"
      title={(term) => term.term}
      remove={{ label: 'Eliminar', confirm: (term) => `«${term.term}» dejará de leerse en las órdenes desde la próxima.`, done: 'Eliminamos el término.' }}
    >
      {(term) => (
        <>
          <Fields
            items={[
              ['Término', term.term],
              ['Se lee como', <code>{term.folded}</code>],
              ['Tipo', <><KindTag term={term} /> <span className="cl-muted">{kindOf(term.kind).hint}</span></>],
              [term.kind === 'NOT_LAB' ? 'Motivo para el paciente' : term.kind === 'AMBIGUOUS' ? 'Se pregunta entre' : 'Exámenes', term.kind === 'IGNORE' ? <span className="cl-muted">No lleva exámenes</span> : termMeaning(term)],
              ['Origen', term.source === 'manual' ? 'Agregado en el back office' : `Vocabulario de referencia (fuente: ${term.source})`],
            ]}
          />
          <AuditTimeline entityType="OrderTerm" entityId={term.id} />
        </>
      )}
    </ShowShell>
  );
}
