import '../../crud/commerce.css';
import { AuditTimeline } from '../../crud/AuditTimeline';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { SLOT_WORDS, type SlotResource } from './schema';
import { SlotStatus, slotPeriod } from './SlotList';

export function SlotShow({ resource, id }: { resource: SlotResource; id: number }) {
  const words = SLOT_WORDS[resource];
  return (
    <ShowShell
      resource={resource}
      id={id}
      listPath={words.basePath}
      title={(slot) => slot.title}
      remove={{ label: 'Eliminar', confirm: (slot) => `«${slot.title}» dejará de mostrarse en la portada y se eliminará.`, done: words.removed }}
    >
      {(slot) => (
        <>
          {slot.image && <img src={slot.image.urls[1280] ?? slot.image.urls[640] ?? slot.image.url} alt={`Imagen de ${slot.title}`} className="cl-show__banner" />}
          <Fields
            items={[
              ['Título', slot.title],
              ['Bajada', slot.subtitle],
              ['Enlace', slot.link ? <a href={slot.link}>{slot.link}</a> : null],
              ['Periodo', slotPeriod(slot)],
              ['Orden', slot.sortOrder],
              ['Estado', <SlotStatus slot={slot} />],
            ]}
          />
          <AuditTimeline entityType={words.entityType} entityId={slot.id} />
        </>
      )}
    </ShowShell>
  );
}
