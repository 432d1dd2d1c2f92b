import { FormShell } from '../../crud/FormShell';
import { ExamFields } from './ExamForm';
import { emptyExam, examInput, examValues, validateExam } from './schema';

export default function ExamCreate() {
  return (
    <FormShell resource="exams" title="Nuevo examen" listPath="/app/exams" empty={emptyExam} fromRecord={examValues} toInput={examInput} validate={validateExam} redirect={(exam) => `/app/exams/view/${exam.id}`} savedMessage="Creamos el examen.">
      <ExamFields />
    </FormShell>
  );
}
