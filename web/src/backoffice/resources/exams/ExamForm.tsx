import { ChipsInput, MoneyInput, NumberInput, SelectInput, SwitchInput, TextAreaInput, TextInput, TimeInput } from '../../crud/inputs';
import { useField } from '../../crud/formContext';
import { useReference } from '../../crud/hooks';
import { LEVELS, SAMPLE_OPTIONS } from './schema';

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
      <fieldset className="cl-levels">
        <legend>Muestra y preparación del paciente</legend>
        <p className="cl-muted">Se muestra a los pacientes en la cotización, el carro y el comprobante, junto con la de los otros exámenes de su orden.</p>
        <div className="cl-form__row">
          <SelectInput source="preparation.sampleKind" label="Muestra" options={SAMPLE_OPTIONS} hint="Con sangre, el buscador suma la toma de muestra del laboratorio una vez por visita." />
          <NumberInput source="preparation.fastingHours" label="Horas de ayuno" min={0} max={24} hint="0 si no requiere ayuno." />
        </div>
        <div className="cl-form__row">
          <NumberInput source="preparation.restMinutes" label="Minutos de reposo antes de la muestra" min={0} max={240} />
          <TimeInput source="preparation.morningBefore" label="Tomar antes de las (opcional)" />
        </div>
        <div className="cl-form__row">
          <SwitchInput source="preparation.firstMorningUrine" label="Primera orina de la mañana" />
          <SwitchInput source="preparation.collection24h" label="Orina de 24 horas (se empieza el día anterior)" />
        </div>
        <TextAreaInput source="preparation.medicines" label="Medicamentos a consultar con el médico" maxLength={300} />
        <TextAreaInput source="preparation.note" label="Otras indicaciones" maxLength={300} />
      </fieldset>
    </>
  );
}
