/**
 * The addresses the web app answers (web/src/app/router.tsx; routes.spec.ts keeps the two in step).
 * The server sends the app with 200 for these and with 404 for any other address, where the app
 * shows its "404 Not Found" page: a crawler or a monitor then sees the status a person sees.
 */
export const WEB_APP_ROUTES = [
  '/', '/buscador', '/laboratorio/:id?', '/contacto', '/contact-success', '/login', '/registro', '/register-success',
  '/registro-laboratorio', '/registro-laboratorio/recibido', '/reset-password', '/editar-datos', '/panel',
  '/preguntas-frecuentes', '/terminos-y-condiciones', '/paquetes', '/paquete/:id', '/checkout', '/voucher/:id',
  '/transaction/failed/:id', '/cotizacion/:ref', '/app/*',
] as const;

const patterns = WEB_APP_ROUTES.map((route) => {
  const body = route
    .replace(/\/\*$/, '(?:/.*)?')
    .replace(/\/:[a-z]+\?/g, '(?:/[^/]+)?')
    .replace(/:[a-z]+/g, '[^/]+');
  return new RegExp(`^${body}/?$`);
});

/** Whether the web app has a page at this path (its query aside). */
export const isWebAppRoute = (path: string) => patterns.some((pattern) => pattern.test(path));
