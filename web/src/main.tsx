/**
 * The entry: the stylesheets (Vite writes them into index.html as blocking links) and, once the page has been
 * painted, the web app itself (boot.tsx).
 *
 * The server renders the public pages into the HTML with the app's own components (entry-server.tsx): a phone can
 * paint the page as soon as the CSS is in, and the app then hydrates it (boot.tsx).
 * Loading the app from here rather than as this module's static imports keeps its JavaScript (the larger part of
 * what the page loads) from competing with the stylesheet on a slow connection and from running before that first
 * paint; the page's own chunk is asked for at the same moment, so the app and the page still arrive in one round.
 */
import 'primereact/resources/themes/lara-light-cyan/theme.css';
import 'primeicons/primeicons.css';
import './theme/primereact-structure.css';
import './theme/app.css';
// The styles of the parts of the server-rendered pages that their own chunks bring (the order reader's buttons, the
// home's banners and packages): in the blocking stylesheet, so the server's HTML of them paints styled, not restyled
// (and moved) when the chunk arrives.
import './storefront/features/order-reader/orderReader.css';
import './storefront/features/products/products.css';
import { reloadOnceForNewRelease } from './app/chunkReload';
import { pageLoaderFor } from './app/pages';
import { holdEarlyClicks } from './app/earlyClicks';

function afterFirstPaint(run: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  // No page in the HTML (routes the server does not render, the back office), or a tab opened in the background that
  // paints nothing yet: nothing to wait for.
  if (!document.getElementById('root')?.hasChildNodes() || document.visibilityState === 'hidden') return once();
  // The first contentful paint is reported once it is on screen (a frame's callback would be too early: the
  // frame is still to be presented).
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // A browser without paint timing waits for the timeout below.
  }
  // However slow the stylesheet, the app does not wait for it longer than this.
  setTimeout(once, 1000);
}

// A page the server rendered is on screen before the app: a click on it waits for the hydration (earlyClicks.ts).
if (document.getElementById('root')?.hasAttribute('data-ssr')) holdEarlyClicks();

afterFirstPaint(() => {
  // Failures are the app's to handle (lazyPage retries the chunk, or reloads once): here it is only a head start.
  void pageLoaderFor(window.location.pathname)?.().catch(() => undefined);
  import('./boot').catch(reloadOnceForNewRelease);
});
