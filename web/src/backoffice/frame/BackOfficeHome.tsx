import { Message } from 'primereact/message';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { entriesFor } from '../resources/registry';
import { DashboardCounts } from './DashboardCounts';
import { MailPreferencesSection } from './MailPreferencesSection';

/** /app: a greeting and the sections this profile can use now, with what is coming. */
export default function BackOfficeHome() {
  const person = useAppSelector((state) => state.auth.person);
  usePageTitle('Administración');
  if (!person) return null;
  const entries = entriesFor(person.profile.code);
  const ready = entries.filter((e) => e.screens);
  const soon = entries.filter((e) => !e.screens);
  return (
    <section aria-labelledby="bo-title">
      <h1 id="bo-title" className="cl-page-title">Hola, {person.firstName}</h1>
      <p className="cl-muted">
        {person.profile.code === 'PRV'
          ? `Aquí administras ${person.company?.tradeName ?? 'tu empresa'}: sus datos, sus laboratorios y los precios de sus exámenes.`
          : 'Desde aquí se mantienen los exámenes, los laboratorios, sus precios y los reportes de CotizaLab.'}
      </p>
      {person.profile.code === 'PRV' && person.company?.status === 'PENDING' && (
        <Message
          severity="warn"
          className="cl-block"
          text={`${person.company.tradeName} espera la aprobación de un administrador: te avisaremos por correo. Mientras tanto puedes completar sus sucursales y precios; se publicarán cuando la empresa esté aprobada.`}
        />
      )}
      {person.profile.code === 'PRV' && person.company?.status === 'REJECTED' && (
        <Message severity="error" className="cl-block" text={`${person.company.tradeName} no fue aprobada. Revisa el motivo en Mi empresa.`} />
      )}
      <DashboardCounts admin={person.profile.code === 'ADM'} />
      {ready.length > 0 && (
        <ul className="cl-home-cards">
          {ready.map((e) => (
            <li key={e.name}>
              <Link to={`/app/${e.path}`} className="cl-home-card">
                <i className={e.icon} aria-hidden="true" />
                <span>{e.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {soon.length > 0 && (
        <p className="cl-muted">
          Próximamente: {soon.map((e) => e.label).join(', ')}.
        </p>
      )}
      <MailPreferencesSection />
    </section>
  );
}
