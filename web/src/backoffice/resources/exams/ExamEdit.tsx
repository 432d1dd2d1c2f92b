import { FormShell } from '../../crud/FormShell';
import { ExamFields } from './ExamForm';
import { emptyExam, examInput, examValues, validateExam } from './schema';

export default function ExamEdit({ id }: { id: number }) {
  return (
    <FormShell
      resource="exams"
      id={id}
      title="Editar examen"
      listPath="/app/exams"
      empty={emptyExam}
      fromRecord={examValues}
      toInput={examInput}
      validate={validateExam}
      redirect={(exam) => `/app/exams/view/${exam.id}`}
      // The API has no way to bring a retired exam back yet, so its data stays as it was retired.
      readOnly={(exam) => (exam.isActive ? null : 'Este examen está retirado: ya no se cotiza y sus datos no se editan.')}
      savedMessage="Guardamos los cambios del examen."
    >
      <ExamFields />
    </FormShell>
  );
}
