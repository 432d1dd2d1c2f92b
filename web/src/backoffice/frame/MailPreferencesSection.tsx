import { useEffect, useRef, useState } from 'react';
import { Message } from 'primereact/message';
import { useSearchParams } from 'react-router-dom';
import type { MailPreference } from '@contracts';
import { asApiError } from '../../api/client';
import { mailPreferenceCalls } from '../../api/dataProvider';
import { ActionSwitch } from '../crud/ActionSwitch';
import { useNotify } from '../crud/hooks';

/**
 * "Mis avisos por correo" on `/app`: the optional mails of the person's profile, each turned on or off at once. Every
 * such mail's footer links here (`/app?avisos=1`), which scrolls to this section.
 */
export function MailPreferencesSection() {
  const [preferences, setPreferences] = useState<MailPreference[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const section = useRef<HTMLElement>(null);
  const notify = useNotify();
  const asked = params.has('avisos');

  useEffect(() => {
    let current = true;
    mailPreferenceCalls.get().then((found) => current && setPreferences(found.preferences), (failure) => current && setError(asApiError(failure).message));
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    if (asked && preferences) section.current?.scrollIntoView({ block: 'start' });
  }, [asked, preferences]);

  if (error) return <Message severity="error" className="cl-block" text={`No pudimos leer tus avisos por correo: ${error}`} />;
  return (
    <section ref={section} id="avisos" className={`cl-mail-prefs${asked ? ' is-asked' : ''}`} aria-labelledby="avisos-title">
      <h2 id="avisos-title">Mis avisos por correo</h2>
      <p className="cl-muted">Elige qué correos quieres recibir. Los de tu cuenta (contraseña, invitaciones, aprobación de la empresa) llegan siempre.</p>
      {!preferences ? (
        <p className="cl-muted" aria-busy="true">Cargando tus avisos…</p>
      ) : (
        <ul className="cl-mail-prefs__list">
          {preferences.map((preference) => (
            <li key={preference.kind} className="cl-mail-prefs__item">
              <div>
                <p className="cl-mail-prefs__label">{preference.label}</p>
                <p className="cl-muted cl-mail-prefs__description">{preference.description}</p>
              </div>
              <ActionSwitch
                checked={preference.enabled}
                label={preference.label}
                run={(enabled) => mailPreferenceCalls.set({ kind: preference.kind, enabled })}
                onDone={(saved, enabled) => {
                  setPreferences(saved.preferences);
                  notify({ severity: 'success', summary: enabled ? `Activaste «${preference.label}».` : `Desactivaste «${preference.label}».` });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
