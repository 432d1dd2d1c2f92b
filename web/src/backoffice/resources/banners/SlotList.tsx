import '../../crud/commerce.css';
import type { ContentSlot } from '@contracts';
import { formatDate } from '../../../app/format';
import { useMutations } from '../../crud/hooks';
import { ListShell } from '../../crud/ListShell';
import { SLOT_WORDS, type SlotResource } from './schema';

const STATUSES = [
  { label: 'Visibles ahora', value: 'live' },
  { label: 'No visibles', value: 'inactive' },
  { label: 'Todos', value: 'all' },
];

export const slotPeriod = (slot: ContentSlot) => {
  if (!slot.startsAt && !slot.endsAt) return 'Siempre';
  const until = slot.endsAt ? formatDate(new Date(new Date(slot.endsAt).getTime() - 1).toISOString()) : null;
  if (!slot.startsAt) return `Hasta el ${until}`;
  return until ? `${formatDate(slot.startsAt)} al ${until}` : `Desde el ${formatDate(slot.startsAt)}`;
};

export const SlotStatus = ({ slot }: { slot: ContentSlot }) => (
  <span className={`cl-tag ${slot.isLive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{slot.isLive ? 'Visible' : slot.isActive ? 'Fuera de fecha' : 'Inactivo'}</span>
);

export function SlotList({ resource }: { resource: SlotResource }) {
  const words = SLOT_WORDS[resource];
  const { remove } = useMutations(resource);
  return (
    <ListShell
      resource={resource}
      title={words.title}
      basePath={words.basePath}
      noun={{ one: words.one, many: words.many }}
      createLabel={words.newLabel}
      defaultSort={{ orderBy: 'sortOrder', orderSort: 'asc' }}
      rowName={(slot) => slot.title}
      filters={[
        { name: 'term', label: 'Buscar', type: 'text' },
        { name: 'status', label: 'Estado', type: 'select', options: STATUSES, defaultValue: 'all' },
      ]}
      columns={[
        { header: 'Imagen', body: (slot) => (slot.image ? <img src={slot.image.urls[320] ?? slot.image.url} alt="" className="cl-thumb" /> : <span className="cl-muted">Sin imagen</span>) },
        { header: 'Título', sortKey: 'title', body: (slot) => slot.title },
        { header: 'Orden', sortKey: 'sortOrder', numeric: true, body: (slot) => slot.sortOrder },
        { header: 'Periodo', sortKey: 'startsAt', body: slotPeriod },
        { header: 'Estado', body: (slot) => <SlotStatus slot={slot} /> },
      ]}
      csv={{
        filename: `${words.many}.csv`,
        columns: [
          { header: 'Título', value: (slot) => slot.title },
          { header: 'Bajada', value: (slot) => slot.subtitle },
          { header: 'Enlace', value: (slot) => slot.link },
          { header: 'Orden', value: (slot) => slot.sortOrder },
          { header: 'Periodo', value: slotPeriod },
          { header: 'Visible', value: (slot) => (slot.isLive ? 'Sí' : 'No') },
        ],
      }}
      bulkActions={[
        {
          label: 'Eliminar',
          icon: 'pi pi-trash',
          confirm: (count) => (count === 1 ? `El ${words.one} dejará de mostrarse en la portada y se eliminará.` : `Los ${count} ${words.many} dejarán de mostrarse en la portada y se eliminarán.`),
          run: async (ids) => (await remove(ids)).length,
          done: (count) => (count === 1 ? words.removed : `Eliminamos ${count} ${words.many}.`),
        },
      ]}
    />
  );
}
