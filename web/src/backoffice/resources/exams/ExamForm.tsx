import { ChipsInput, MoneyInput, NumberInput, SelectInput, TextAreaInput, TextInput } from '../../crud/inputs';
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
      <div className="cl-form__row">
        <NumberInput
          source="commonness"
          label="Qué tan común es (0 a 100)"
          min={0}
          max={100}
          hint="Cuanto más alto, antes aparece en el buscador al escribir sus primeras letras. Los exámenes más pedidos van de 62 (tiempo de protrombina) a 100 (hemograma); 0 si es poco común. Lo que eligen los pacientes también cuenta."
        />
      </div>
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
