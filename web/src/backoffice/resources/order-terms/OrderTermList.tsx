import './order-terms.css';
import type { OrderTerm } from '@contracts';
import { formatDate, shortExamName } from '../../../app/format';
import { useMutations } from '../../crud/hooks';
import { ListShell } from '../../crud/ListShell';
import { examLabel, KINDS, kindOf } from './schema';

/** What a term does, in a few words: its exams in order, or the reason it is set aside. */
export function termMeaning(term: OrderTerm) {
  if (term.kind === 'NOT_LAB') return <div className="cl-term-meaning">{term.reason}</div>;
  if (term.exams.length === 0) return <span className="cl-muted">—</span>;
  return (
    <ol className="cl-term-meaning cl-term-exams">
      {term.exams.map((exam) => (
        <li key={exam.id}>
          {shortExamName(exam.name)} <span className="cl-nowrap">({exam.codeDotted})</span>
        </li>
      ))}
    </ol>
  );
}

export const KindTag = ({ term }: { term: OrderTerm }) => <span className={`cl-tag ${kindOf(term.kind).tag}`}>{kindOf(term.kind).label}</span>;

export default function OrderTermList() {
  const { remove } = useMutations('order-terms');
  return (
    <ListShell
      resource="order-terms"
      title="Vocabulario de órdenes"
      basePath="/app/order-terms"
      noun={{ one: 'término', many: 'términos' }}
      createLabel="Nuevo término"
      defaultSort={{ orderBy: 'term', orderSort: 'asc' }}
      rowName={(term) => term.term}
      filters={[
        { name: 'term', label: 'Buscar', type: 'text' },
        { name: 'kind', label: 'Tipo', type: 'select', options: KINDS.map((k) => ({ label: k.label, value: k.value })) },
      ]}
      columns={[
        { header: 'Término', sortKey: 'term', body: (term) => <strong className="cl-term-name">{term.term}</strong> },
        { header: 'Tipo', sortKey: 'kind', nowrap: true, body: (term) => <KindTag term={term} /> },
        { header: 'Exámenes o motivo', body: termMeaning },
        { header: 'Actualizado', sortKey: 'updatedAt', nowrap: true, body: (term) => formatDate(term.updatedAt) },
      ]}
      csv={{
        filename: 'vocabulario-ordenes.csv',
        columns: [
          { header: 'Término', value: (term) => term.term },
          { header: 'Tipo', value: (term) => term.kind },
          { header: 'Códigos FONASA', value: (term) => term.exams.map((e) => e.code).join('|') },
          { header: 'Exámenes', value: (term) => term.exams.map(examLabel).join(' | ') },
          { header: 'Motivo', value: (term) => term.reason },
          { header: 'Origen', value: (term) => term.source },
        ],
      }}
      bulkActions={[
        {
          label: 'Eliminar',
          icon: 'pi pi-trash',
          confirm: (count) => `${count === 1 ? 'El término dejará' : `Los ${count} términos dejarán`} de leerse en las órdenes desde la próxima.`,
          run: async (ids) => (await remove(ids)).length,
          done: (count) => (count === 1 ? 'Eliminamos el término.' : `Eliminamos ${count} términos.`),
        },
      ]}
    />
  );
}
