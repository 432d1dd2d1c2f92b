import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { usePageTitle } from '../../shared/ui/usePageTitle';

const TEXTS = {
  contact: {
    title: '¡Gracias por escribirnos!',
    body: (email?: string) => `Recibimos tu mensaje y te responderemos${email ? ` a ${email}` : ''} dentro de dos días hábiles.`,
    action: { to: '/', label: 'Volver al inicio' },
  },
  register: {
    title: '¡Tu cuenta está lista!',
    body: (email?: string) => `Te enviamos un correo de bienvenida${email ? ` a ${email}` : ''}. Ya puedes ingresar con tu correo y contraseña.`,
    action: { to: '/login', label: 'Ingresar' },
  },
  provider: {
    title: 'Recibimos la solicitud de tu laboratorio',
    body: (email?: string) =>
      `Tu empresa queda pendiente de aprobación: un administrador revisará sus datos y te avisaremos por correo${email ? ` a ${email}` : ''}. Mientras tanto puedes ingresar a la administración para completar tus sucursales y precios, que se publicarán cuando la empresa esté aprobada.`,
    action: { to: '/app/login', label: 'Ingresar a la administración' },
  },
};

/** A new account already signed in (signing up signs in): its next steps. */
const SIGNED_UP = {
  title: '¡Tu cuenta está lista!',
  body: (email?: string) => `Ya ingresaste con tu cuenta. Te enviamos un correo de bienvenida${email ? ` a ${email}` : ''}.`,
  action: { to: '/', label: 'Cotizar mis exámenes' },
};

/** /contact-success and /register-success. */
export default function SuccessPage({ kind }: { kind: keyof typeof TEXTS }) {
  const { state } = useLocation() as { state: { email?: string } | null };
  const signedIn = useAppSelector((s) => s.auth.person !== null);
  const text = kind === 'register' && signedIn ? SIGNED_UP : TEXTS[kind];
  usePageTitle(text.title);
  return (
    <section className="cl-container cl-message" aria-labelledby="success-title">
      <i className="pi pi-check-circle cl-message__icon" aria-hidden="true" />
      <h1 id="success-title">{text.title}</h1>
      <p>{text.body(state?.email)}</p>
      <Link to={text.action.to} className="p-button cl-message__home">{text.action.label}</Link>
    </section>
  );
}
