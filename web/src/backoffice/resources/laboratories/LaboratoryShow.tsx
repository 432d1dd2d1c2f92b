import { AuditTimeline } from '../../crud/AuditTimeline';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { dayName } from '../../../app/format';
import { Fields, ShowShell } from '../../crud/ShowShell';
import { AttributesPanel } from './AttributesPanel';
import { PricesTab } from './PricesTab';
import { HOUR_LINES } from './schema';
import { homeCollectionText } from '../../../shared/homeCollectionText';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export default function LaboratoryShow({ id }: { id: number }) {
  return (
    <ShowShell
      resource="laboratories"
      id={id}
      listPath="/app/laboratories"
      title={(lab) => lab.identifierName}
      editable={(lab) => lab.isActive}
      remove={{
        label: 'Cerrar sucursal',
        confirm: (lab) => `${lab.identifierName} dejará de aparecer en las búsquedas y sus precios no se cotizarán.`,
        done: 'Cerramos la sucursal.',
        hidden: (lab) => !lab.isActive,
      }}
    >
      {(lab) => (
        <>
          {!lab.isActive && <Message severity="warn" className="cl-block" text="Sucursal cerrada: no aparece en el buscador ni en las cotizaciones." />}
          {lab.isActive && lab.examCount === 0 && (
            <Message
              severity="info"
              className="cl-block"
              text="Esta sucursal aún no aparece en el buscador: aparecerá con su primer precio autorizado. Si es la que registraste con tu empresa, complétala aquí en vez de crear otra en la misma dirección."
            />
          )}
          <TabView className="cl-lab-tabs">
            <TabPanel header="Datos">
              <Fields
                items={[
                  ['Empresa', lab.company.tradeName],
                  ['Dirección', [lab.addressLine1, lab.addressLine2].filter(Boolean).join(', ')],
                  ['Comuna', `${lab.comuna.name}${lab.comuna.parent ? `, ${lab.comuna.parent.name}` : ''}`],
                  ['Coordenadas', lab.lat !== null && lab.lng !== null ? `${lab.lat.toLocaleString('es-CL')}, ${lab.lng.toLocaleString('es-CL')}` : null],
                  ['Teléfono', lab.phone],
                  ['Correo electrónico', lab.email],
                  ['Sitio web', lab.website ? <a href={lab.website} target="_blank" rel="noreferrer">{lab.website}</a> : null],
                  ['Nivel FONASA', lab.fonasaLevel === null ? 'No atiende con bono FONASA' : `Nivel ${lab.fonasaLevel}`],
                  ['Previsiones que acepta', lab.insurers.length > 0 ? <ul className="cl-chips">{lab.insurers.map((i) => <li key={i.id}>{i.name}</li>)}</ul> : null],
                  ['Toma de muestra a domicilio', lab.homeCollection ? homeCollectionText(lab.homeCollection, lab.homeCollection.comunas.length) : 'No toma muestras a domicilio'],
                  ['Exámenes publicados', lab.examCount],
                ]}
              />
              <table className="cl-levels-table cl-lab-hours-table">
                <caption>Horario de atención</caption>
                <tbody>
                  {(lab.openingHours ?? []).length === 0 && (
                    <tr>
                      <td colSpan={2} className="cl-muted">Sin horario registrado: los pacientes no ven si está abierto. Agrégalo en Editar.</td>
                    </tr>
                  )}
                  {(lab.openingHours ?? []).length > 0 && HOUR_LINES.map(({ day }) => {
                    const h = (lab.openingHours ?? []).find((x) => x.day === day);
                    return (
                      <tr key={day}>
                        <th scope="row">{capital(dayName(day))}</th>
                        <td>{h ? `${h.opens} a ${h.closes}` : <span className="cl-muted">Cerrado</span>}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <AttributesPanel laboratoryId={lab.id} editable={lab.isActive} />
            </TabPanel>
            <TabPanel header="Precios">
              <PricesTab lab={lab} editable={lab.isActive} />
            </TabPanel>
            <TabPanel header="Historial">
              <AuditTimeline entityType="Laboratory" entityId={lab.id} />
            </TabPanel>
          </TabView>
        </>
      )}
    </ShowShell>
  );
}
