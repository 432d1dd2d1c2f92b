import { Message } from 'primereact/message';
import { formatClp, shortExamName } from '../../../app/format';
import { AuditTimeline } from '../../crud/AuditTimeline';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { LEVELS } from './schema';

const money = (amount: number | null | undefined) => (amount === null || amount === undefined ? <span className="cl-muted">Sin valor</span> : formatClp(amount));

export default function ExamShow({ id }: { id: number }) {
  return (
    <ShowShell
      resource="exams"
      id={id}
      listPath="/app/exams"
      title={(exam) => shortExamName(exam.name)}
      editable={(exam) => exam.isActive}
      remove={{
        label: 'Retirar',
        confirm: (exam) => `${exam.name} dejará de aparecer en las cotizaciones. Los laboratorios conservan sus precios como historial.`,
        done: 'Retiramos el examen.',
        hidden: (exam) => !exam.isActive,
      }}
    >
      {(exam) => (
        <>
          {!exam.isActive && <Message severity="warn" className="cl-block" text="Examen retirado: no aparece en las cotizaciones ni en el buscador." />}
          <Fields
            items={[
              ['Código FONASA', exam.codeDotted],
              ['Nombre oficial', exam.name],
              ['Tipo', exam.typeExam.name],
              ['Estado', <span className={`cl-tag ${exam.isActive ? 'cl-tag--ok' : 'cl-tag--warn'}`}>{exam.isActive ? 'Activo' : 'Retirado'}</span>],
              ['Categoría', exam.category?.name],
              ['Descripción', exam.description],
              ['Qué tan común es', `${exam.commonness} de 100`],
              ['Sinónimos', exam.synonyms.length > 0 ? <ul className="cl-chips">{exam.synonyms.map((s) => <li key={s.synonym}>{s.synonym}</li>)}</ul> : null],
            ]}
          />
          <table className="cl-levels-table">
            <caption>Valores FONASA{exam.fonasa.year ? ` ${exam.fonasa.year}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Nivel</th>
                <th scope="col" className="cl-num">Arancel</th>
                <th scope="col" className="cl-num">Copago</th>
              </tr>
            </thead>
            <tbody>
              {LEVELS.map((level, i) => (
                <tr key={level}>
                  <th scope="row">Nivel {level}</th>
                  <td className="cl-num">{money(exam.fonasa.prices[i])}</td>
                  <td className="cl-num">{money(exam.fonasa.copays[i])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <AuditTimeline entityType="Exam" entityId={exam.id} />
        </>
      )}
    </ShowShell>
  );
}
