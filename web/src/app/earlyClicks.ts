/**
 * Clicks on a page the server rendered (entry-server.tsx) before the app has hydrated it: the page shows its buttons,
 * selects and checkboxes as soon as its HTML is in, but they do nothing until the app takes the page over (until then
 * a pointer goes through them: app.css). Each click is held (its default and its handlers stopped) and done again once
 * React has hydrated what was clicked (boot.tsx, replayEarlyClicks), so a select opened or a box ticked during the first second is
 * not lost, and so is the text typed in a box then (replayTyping).
 * Links are held too: once React has a link but before the router's effects have run, the router's link takes the
 * click and its navigation is dropped (company-walk's footer link, on a clean CI run). A file chosen then (the order reader's photo) is told to the app
 * the same way: its input keeps the file, and its change is dispatched again. No React here: the entry (main.tsx)
 * starts it, as early as it runs.
 */
interface HeldClick {
  /** The control clicked (found under the pointer as it clicked: controlUnder), or the file input chosen from. */
  target: Element;
  /** Where a pointer clicked (none for a key's click). */
  point: { x: number; y: number } | null;
  /** A file input's change rather than a click. */
  change?: true;
}

/**
 * The controls that take no pointer before the hydration (app.css, the rule under `#root[data-ssr]`): a pointer goes
 * through them, so Playwright and a person's finger alike wait for a control that works instead of pressing one in
 * vain. The same list as app.css (earlyClicks.spec.ts checks it).
 */
export const POINTERLESS_CONTROLS = 'button, [role="button"], .p-dropdown, .p-checkbox, input[type="checkbox"], label[for]';

/**
 * The control a pointer went through to `target` (what holds it) at `point`, found as it clicked: the page may move
 * before the replay (a lazy part hydrating, an image arriving), and the control under the same point then is another
 * one (a home page's banner link took a footer link's click that way). The innermost when they nest.
 */
function controlUnder(target: Element, { x, y }: { x: number; y: number }): Element {
  const hit = [...target.querySelectorAll(POINTERLESS_CONTROLS)].filter((control) => {
    const box = control.getBoundingClientRect();
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  });
  return hit.at(-1) ?? target;
}

/** The element on the page now: the hydration may have put a new one in its place (a part rendered again), with its id. */
const onPageNow = (element: Element) => (element.isConnected ? element : element.id ? document.getElementById(element.id) : null);

let held: HeldClick[] | null = null;

function hold(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || !target.closest('#root')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  // Enter in a box sends its form with a click on the form's button (event.detail 0, focus in the box): the app
  // decides what Enter does there (ExamPicker picks the highlighted exam), so that one is not done again.
  const implicitSubmit = event.detail === 0 && target.matches('[type="submit"]') && document.activeElement !== target;
  if (implicitSubmit) return;
  const point = event.detail > 0 ? { x: event.clientX, y: event.clientY } : null;
  held?.push({ target: point ? controlUnder(target, point) : target, point });
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
  typed = new Set();
  document.addEventListener('input', noteTyping, true);
  document.addEventListener('click', hold, true);
  document.addEventListener('change', holdChange, true);
}

/** The boxes typed in before the hydration. */
let typed: Set<HTMLInputElement | HTMLTextAreaElement> | null = null;

function noteTyping(event: Event) {
  const box = event.target;
  if (!(box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) || !box.closest('#root')) return;
  if (box instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(box.type)) return;
  typed?.add(box);
}

/**
 * Text typed in a box of the server's page before the hydration reached no handler: React adopted the box with its
 * text as the value it last saw, and a controlled box's next render writes its state back (the laboratory page's exam
 * filter was emptied, unfiltered). React is told of each such box as of a person's input, without writing in the box:
 * the value it last saw is set back to the server's (its value tracker, React's own record on the element) and an
 * input event is dispatched, which React hears as the change. The exam box (uncontrolled, taken over by AutoCompleteBox
 * as it mounts) hears the same text again: one more look-up of it.
 */
function replayTyping(boxes: Set<HTMLInputElement | HTMLTextAreaElement>): void {
  for (const typedIn of boxes) {
    const box = onPageNow(typedIn);
    const tracker = (box as { _valueTracker?: { setValue(value: string): void } } | null)?._valueTracker;
    if (!(box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) || !tracker) continue;
    tracker.setValue(box.defaultValue);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Whether React has taken this element over: an element it has hydrated carries React's own properties. */
const adopted = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/**
 * Once the app has the page: every element clicked or typed in is adopted by React (the app's root commits first, and
 * a lazy page's part may hydrate a moment later, seconds later on a slow phone; a box not yet adopted would be
 * emptied by its hydration), or 20 s
 * have passed. Then stops holding and does the typing again, then the held clicks in order, on what is on the page.
 */
export async function replayEarlyClicks(): Promise<void> {
  if (!held) return;
  const touched = () => [...(held ?? []).map((click) => click.target), ...(typed?.keys() ?? [])];
  for (const until = performance.now() + 20_000; touched().some((element) => element.isConnected && !adopted(element)) && performance.now() < until; ) {
    await new Promise((frame) => requestAnimationFrame(frame));
  }
  const boxes = typed ?? new Set<HTMLInputElement | HTMLTextAreaElement>();
  typed = null;
  document.removeEventListener('input', noteTyping, true);
  replayTyping(boxes);
  const clicks = held ?? [];
  held = null;
  document.removeEventListener('click', hold, true);
  document.removeEventListener('change', holdChange, true);
  for (const { target, point, change } of clicks) {
    const clicked = onPageNow(target);
    if (!clicked) continue;
    if (change) clicked.dispatchEvent(new Event('change', { bubbles: true }));
    else clicked.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window, detail: 1, clientX: point?.x ?? 0, clientY: point?.y ?? 0 }));
  }
}
