import { Link } from 'react-router-dom';
import { usePageTitle } from './usePageTitle';

/** Shown for any route that does not exist (spec §8). */
export default function NotFoundPage() {
  usePageTitle('Página no encontrada');
  return (
    <section className="cl-container cl-message" aria-labelledby="not-found-title">
      <h1 id="not-found-title">404 Not Found</h1>
      <p>La página que buscas no existe o cambió de dirección.</p>
      <Link to="/" className="p-button cl-message__home">
        Volver al inicio
      </Link>
    </section>
  );
}
