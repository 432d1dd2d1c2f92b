import type { OrderTermKind } from '@contracts';
import { searchExams } from '../../../api/lookups';
import { MultiLookupInput } from '../../crud/commerceInputs';
import { useField } from '../../crud/formContext';
import { SelectInput, TextAreaInput, TextInput } from '../../crud/inputs';
import { examLabel, KINDS, kindOf, takesExams } from './schema';

/** Active exams by name, abbreviation or FONASA code: the search box's own look-up. */
const findExams = async (term: string) =>
  (await searchExams(term, 15)).map((exam) => ({ id: exam.id, label: examLabel(exam) }));

/** The fields of a term, shared by its create and edit screens: exams only for the kinds that name them, the reason only for NOT_LAB. */
export function OrderTermFields() {
  const kind = useField<OrderTermKind | null>('kind').value;
  return (
    <>
      <div className="cl-form__row">
        <TextInput source="term" label="Término" maxLength={200} placeholder="Perfil bioquímico" hint="Como lo escriben las órdenes; tildes, mayúsculas y puntuación no importan." />
        <SelectInput source="kind" label="Tipo" options={KINDS.map((k) => ({ label: k.label, value: k.value }))} hint={kind ? kindOf(kind).hint : 'Qué hace el lector con una línea que lo dice.'} />
      </div>
      {takesExams(kind) && (
        <MultiLookupInput
          source="examIds"
          label={kind === 'PANEL' ? 'Exámenes que pide' : 'Exámenes entre los que se pregunta (2 o 3)'}
          search={findExams}
          hint={
            kind === 'PANEL'
              ? 'Escribe el nombre, la sigla o el código FONASA de cada examen.'
              : 'El más común primero: se le ofrecen al paciente en este orden. Para cambiar el orden, quita un examen y vuelve a agregarlo.'
          }
        />
      )}
      {kind === 'NOT_LAB' && (
        <TextAreaInput source="reason" label="Motivo para el paciente" maxLength={300} hint="Una frase corta, por ejemplo: «Es una imagen (radiografía), no un examen de laboratorio»." />
      )}
    </>
  );
}
