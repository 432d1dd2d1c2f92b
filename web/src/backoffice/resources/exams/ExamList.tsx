import { formatClp } from '../../../app/format';
import { useMutations, useReference } from '../../crud/hooks';
import { ListShell } from '../../crud/ListShell';

const STATUSES = [
  { label: 'Activos', value: 'active' },
  { label: 'Retirados', value: 'retired' },
  { label: 'Todos', value: 'all' },
];
const money = (amount: number | null | undefined) => (amount === null || amount === undefined ? '' : formatClp(amount));

export default function ExamList() {
  const types = useReference('exam-types');
  const { remove } = useMutations('exams');
  return (
    <ListShell
      resource="exams"
      title="Exámenes"
      basePath="/app/exams"
      noun={{ one: 'examen', many: 'exámenes' }}
      createLabel="Nuevo examen"
      importKind="exam"
      defaultSort={{ orderBy: 'code', orderSort: 'asc' }}
      rowName={(exam) => exam.name}
      filters={[
        { name: 'term', label: 'Buscar', type: 'text' },
        { name: 'typeExamId', label: 'Tipo', type: 'select', options: (types ?? []).map((t) => ({ label: t.name, value: String(t.id) })), parse: Number },
        { name: 'status', label: 'Estado', type: 'select', options: STATUSES, defaultValue: 'active' },
      ]}
      columns={[
        { header: 'Código', sortKey: 'code', nowrap: true, body: (exam) => exam.codeDotted },
        { header: 'Nombre', sortKey: 'name', body: (exam) => exam.name },
        { header: 'Tipo', sortKey: 'type', body: (exam) => exam.typeExam.name },
        { header: 'Arancel nivel 1', numeric: true, body: (exam) => money(exam.fonasa.prices[0]) },
        { header: 'Copago nivel 1', numeric: true, body: (exam) => money(exam.fonasa.copays[0]) },
        { header: 'Estado', body: (exam) => <span className={`cl-tag ${exam.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{exam.isActive ? 'Activo' : 'Retirado'}</span> },
      ]}
      csv={{
        filename: 'examenes.csv',
        columns: [
          { header: 'Código FONASA', value: (exam) => exam.code },
          { header: 'Nombre', value: (exam) => exam.name },
          { header: 'Tipo', value: (exam) => exam.typeExam.name },
          ...[0, 1, 2].flatMap((i) => [
            { header: `Arancel nivel ${i + 1}`, value: (exam: { fonasa: { prices: (number | null)[] } }) => exam.fonasa.prices[i] },
            { header: `Copago nivel ${i + 1}`, value: (exam: { fonasa: { copays: (number | null)[] } }) => exam.fonasa.copays[i] },
          ]),
          { header: 'Estado', value: (exam) => (exam.isActive ? 'Activo' : 'Retirado') },
        ],
      }}
      bulkActions={[
        {
          label: 'Retirar',
          icon: 'pi pi-ban',
          confirm: (count) => `${count === 1 ? 'El examen dejará' : `Los ${count} exámenes dejarán`} de aparecer en las cotizaciones. Los laboratorios conservan sus precios como historial.`,
          run: async (ids) => (await remove(ids)).length,
          done: (count) => (count === 1 ? 'Retiramos el examen.' : `Retiramos ${count} exámenes.`),
        },
      ]}
    />
  );
}
