/**
 * Any other failure while rendering a route (spec §8); the router's error boundary (app/router.tsx) logs the error.
 * A plain link: the router may be broken.
 */
export default function ErrorPage() {
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
