/**
 * Clicks on a page the server rendered (entry-server.tsx) before the app has hydrated it: the page shows its buttons,
 * selects and checkboxes as soon as its HTML is in, but they do nothing until the app takes the page over (until then
 * a pointer goes through them: app.css). Each click is held (its default and its handlers stopped) and done again once
 * the hydration has committed (boot.tsx), so a select opened or a box ticked during the first second is not lost.
 * Links are not held: they work without the app. No React here: the entry (main.tsx) starts it, as early as it runs.
 */
interface HeldClick {
  target: Element;
  /** Where a pointer clicked (none for a key's click): the control there, once it takes pointers again, gets it. */
  point: { x: number; y: number } | null;
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

/** Starts holding clicks on the server's page. */
export function holdEarlyClicks(): void {
  if (held) return;
  held = [];
  document.addEventListener('click', hold, true);
}

/** Stops holding and does the held clicks again, in order, on what is still on the page. */
export function replayEarlyClicks(): void {
  if (!held) return;
  const clicks = held;
  held = null;
  document.removeEventListener('click', hold, true);
  for (const { target, point } of clicks) {
    // A pointer went through the control to what holds it: the control under the same point now, if it is still
    // inside what was clicked (the page has not moved under the finger).
    const under = point ? document.elementFromPoint(point.x, point.y) : null;
    const clicked = under && target.contains(under) ? under : target;
    if (clicked.isConnected) clicked.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window, detail: 1, clientX: point?.x ?? 0, clientY: point?.y ?? 0 }));
  }
}
