import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/** Any other failure while rendering a route (spec §8). A plain link: the router may be broken. */
export default function ErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <section className="cl-container cl-message" aria-labelledby="error-title">
      <h1 id="error-title">An error occurred</h1>
      <p>Ocurrió un error inesperado. Intenta nuevamente en unos minutos.</p>
      <a href="/" className="p-button cl-message__home">
        Volver al inicio
      </a>
    </section>
  );
}
