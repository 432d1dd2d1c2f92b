import { FormShell } from '../../crud/FormShell';
import { DateInput, ImageInput } from '../../crud/commerceInputs';
import { NumberInput, SwitchInput, TextInput } from '../../crud/inputs';
import { SLOT_WORDS, emptySlot, slotInput, slotValues, validateSlot, type SlotResource } from './schema';

function SlotFields() {
  return (
    <>
      <TextInput source="title" label="Título" maxLength={200} />
      <TextInput source="subtitle" label="Bajada" maxLength={300} hint="Una frase que acompaña al título (opcional)." />
      <TextInput source="link" label="Enlace" maxLength={500} placeholder="/paquetes?lista=ofertas" hint="Una ruta del sitio (/paquete/3) o una dirección https://. Opcional." />
      <ImageInput source="imageFileId" previewSource="image" label="Imagen" hint="Horizontal, idealmente de 1920 × 600 px o más. JPEG, PNG o WebP, hasta 10 MB." />
      <div className="cl-form__row">
        {/* Days here, instants on the wire: the API's errors on startsAt and endsAt land on these fields. */}
        <DateInput source="startsAt" label="Visible desde" hint="Vacío: desde ya." />
        <DateInput source="endsAt" label="Visible hasta (inclusive)" hint="Vacío: sin término." />
      </div>
      <div className="cl-form__row">
        <NumberInput source="sortOrder" label="Orden" hint="Los menores aparecen primero." max={10000} />
        <SwitchInput source="isActive" label="Activo" />
      </div>
    </>
  );
}

export function SlotCreate({ resource }: { resource: SlotResource }) {
  const words = SLOT_WORDS[resource];
  return (
    <FormShell resource={resource} title={words.newLabel} listPath={words.basePath} empty={emptySlot} fromRecord={slotValues} toInput={slotInput} validate={validateSlot} redirect={(slot) => `${words.basePath}/view/${slot.id}`} savedMessage={words.created}>
      <SlotFields />
    </FormShell>
  );
}

export function SlotEdit({ resource, id }: { resource: SlotResource; id: number }) {
  const words = SLOT_WORDS[resource];
  return (
    <FormShell resource={resource} id={id} title={`Editar ${words.one}`} listPath={words.basePath} empty={emptySlot} fromRecord={slotValues} toInput={slotInput} validate={validateSlot} redirect={(slot) => `${words.basePath}/view/${slot.id}`} savedMessage={words.saved}>
      <SlotFields />
    </FormShell>
  );
}
