/**
 * Clicks on a page the server rendered (entry-server.tsx) before the app has hydrated it: the page shows its buttons,
 * selects and checkboxes as soon as its HTML is in, but they do nothing until the app takes the page over (until then
 * a pointer goes through them: app.css). Each click is held (its default and its handlers stopped) and done again once
 * the hydration has committed (boot.tsx), so a select opened or a box ticked during the first second is not lost.
 * Links are not held: they work without the app. A file chosen then (the order reader's photo) is told to the app
 * the same way: its input keeps the file, and its change is dispatched again. No React here: the entry (main.tsx)
 * starts it, as early as it runs.
 */
interface HeldClick {
  target: Element;
  /** Where a pointer clicked (none for a key's click): the control there, once it takes pointers again, gets it. */
  point: { x: number; y: number } | null;
  /** A file input's change rather than a click. */
  change?: true;
}

let held: HeldClick[] | null = null;

function hold(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || !target.closest('#root') || target.closest('a[href]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  // Enter in a box sends its form with a click on the form's button (event.detail 0, focus in the box): the app
  // decides what Enter does there (ExamPicker picks the highlighted exam), so that one is not done again.
  const implicitSubmit = event.detail === 0 && target.matches('[type="submit"]') && document.activeElement !== target;
  if (!implicitSubmit) held?.push({ target, point: event.detail > 0 ? { x: event.clientX, y: event.clientY } : null });
}

function holdChange(event: Event) {
  const target = event.target instanceof HTMLInputElement ? event.target : null;
  if (!target || target.type !== 'file' || !target.closest('#root')) return;
  event.stopImmediatePropagation();
  held?.push({ target, point: null, change: true });
}

/** Starts holding clicks (and files chosen) on the server's page. */
export function holdEarlyClicks(): void {
  if (held) return;
  held = [];
  document.addEventListener('click', hold, true);
  document.addEventListener('change', holdChange, true);
}

/** Stops holding and does the held clicks again, in order, on what is still on the page. */
export function replayEarlyClicks(): void {
  if (!held) return;
  const clicks = held;
  held = null;
  document.removeEventListener('click', hold, true);
  document.removeEventListener('change', holdChange, true);
  for (const { target, point, change } of clicks) {
    if (change) {
      if (target.isConnected) target.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    // A pointer went through the control to what holds it: the control under the same point now, if it is still
    // inside what was clicked (the page has not moved under the finger).
    const under = point ? document.elementFromPoint(point.x, point.y) : null;
    const clicked = under && target.contains(under) ? under : target;
    if (clicked.isConnected) clicked.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window, detail: 1, clientX: point?.x ?? 0, clientY: point?.y ?? 0 }));
  }
}
