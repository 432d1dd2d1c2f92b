/**
 * The HTML of a public page as it first paints, written by the server into the web app's
 * `<div id="root">`: a phone shows the page's own words as soon as the HTML and the CSS arrive,
 * instead of after the JavaScript. It repeats the markup (class names) of PublicLayout.tsx and of
 * the page's opening; the web app renders over it on start (main.tsx), so any difference lasts
 * until then. Answers of the API the page would ask for at once go along as JSON (hooks.ts reads them).
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageShell {
  /** HTML of the page inside <main>, after the "VOLVER" row; trusted markup built with escapeHtml. */
  body: string;
  /** Whether the page has the "VOLVER" row (every page but the home). */
  back: boolean;
  /** API answers keyed "METHOD path body" exactly as the web app asks them (JSON.stringify of the body). */
  preloaded?: Record<string, unknown>;
}

const layout = (shell: PageShell) => `<div class="cl-public">
<header class="cl-header"><div class="cl-container cl-header__row">
<a class="cl-logo" href="/" aria-label="CotizaLab, ir al inicio"><img src="/favicon.svg" alt="" width="36" height="36"><span>Cotiza<strong>Lab</strong></span></a>
<nav aria-label="Principal" class="cl-header__nav"><a href="/buscador">Buscar exámenes</a><a href="/paquetes" class="cl-wide-only">Paquetes</a><a href="/preguntas-frecuentes"><span class="cl-wide-only">Preguntas frecuentes</span><span class="cl-phone-only">Ayuda</span></a><a href="/contacto">Contacto</a></nav>
<div class="cl-header__actions"></div>
</div></header>
<main class="cl-main" id="contenido" tabindex="-1">${shell.back ? '<div class="cl-container"><a href="/" class="cl-back cl-shell-back"><span class="pi pi-arrow-left" aria-hidden="true"></span><span>VOLVER</span></a></div>' : ''}
${shell.body}
</main>
</div>`;

/** index.html with the page's shell inside its root element and its preloaded API answers. */
export function withPageShell(indexHtml: string, shell: PageShell): string {
  // `<` escaped: the JSON can never close its script element.
  const data = shell.preloaded ? `<script type="application/json" id="cl-preloaded">${JSON.stringify(shell.preloaded).replace(/</g, '\\u003c')}</script>` : '';
  return indexHtml.replace('<div id="root"></div>', () => `<div id="root">${layout(shell)}</div>${data}`);
}
