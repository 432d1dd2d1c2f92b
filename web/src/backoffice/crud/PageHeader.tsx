import { usePageTitle } from '../../shared/ui/usePageTitle';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Title of a back-office screen, the way back to its list, and its actions. */
export function PageHeader({ title, back, actions, children }: { title: string; back?: { to: string; label: string }; actions?: ReactNode; children?: ReactNode }) {
  // The tab says which screen it is: an administrator keeps several open.
  usePageTitle(`${title} · Administración`);
  return (
    <header className="cl-page-head">
      {back && (
        <Link to={back.to} className="cl-page-head__back">
          <i className="pi pi-arrow-left" aria-hidden="true" /> {back.label}
        </Link>
      )}
      <div className="cl-page-head__row">
        <h1 className="cl-page-title">{title}</h1>
        {actions && <div className="cl-page-head__actions">{actions}</div>}
      </div>
      {children}
    </header>
  );
}

/** What a screen shows for an id that does not exist (spec §8), inside the back office. */
export function NotFoundBlock({ message, back }: { message: string; back: { to: string; label: string } }) {
  return (
    <section className="cl-message" aria-labelledby="bo-not-found">
      <h1 id="bo-not-found">404 Not Found</h1>
      <p>{message}</p>
      <Link to={back.to} className="p-button cl-message__home">{back.label}</Link>
    </section>
  );
}
