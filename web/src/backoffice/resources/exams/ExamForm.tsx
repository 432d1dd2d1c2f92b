import { ChipsInput, MoneyInput, SelectInput, TextAreaInput, TextInput } from '../../crud/inputs';
import { useField } from '../../crud/formContext';
import { useReference } from '../../crud/hooks';
import { LEVELS } from './schema';

/** The fields of an exam, shared by its create and edit screens. */
export function ExamFields() {
  const types = useReference('exam-types');
  const reference = useField<string[]>('referenceSynonyms').value;
  return (
    <>
      <div className="cl-form__row">
        <TextInput source="code" label="Código FONASA" hint="7 dígitos, sin puntos ni guiones." maxLength={10} inputMode="numeric" placeholder="0301045" />
        <SelectInput source="typeExamId" label="Tipo de examen" options={(types ?? []).map((t) => ({ label: t.name, value: t.id }))} loading={!types} />
      </div>
      <TextInput source="name" label="Nombre" maxLength={500} />
      <ChipsInput
        source="synonyms"
        label="Sinónimos"
        hint={`Nombres con que lo buscan los pacientes (Enter o coma para agregar).${reference.length > 0 ? ` Ya lo encuentran por: ${reference.join(', ')}.` : ''}`}
      />
      <TextAreaInput source="description" label="Descripción" maxLength={2000} />
      <fieldset className="cl-levels">
        <legend>Valores FONASA (Modalidad Libre Elección)</legend>
        {LEVELS.map((level, i) => (
          <div className="cl-form__row" key={level}>
            <MoneyInput source={`fonasaPrices.${i}`} label={`Arancel nivel ${level}`} />
            <MoneyInput source={`fonasaCopays.${i}`} label={`Copago nivel ${level}`} />
          </div>
        ))}
      </fieldset>
    </>
  );
}
