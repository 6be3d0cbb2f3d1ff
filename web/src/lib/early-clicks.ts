// Clicks that arrive before the page can answer them (docs/web-performance.md, "Clicks before hydration"). The build's
// page paints before its code has run (scripts/prerender.mjs), and its parts hydrate as their code arrives
// (lib/lazy-part.tsx); React drops a click on markup it has not hydrated yet, and any press, key or input there makes it
// give up hydrating that part: it throws the part's markup away and draws it again once its code has come. So the
// entry (main.tsx) holds, from its first task, every click on markup in #root that React has not hydrated yet, and
// dispatches it again on the same element once the app says that element is hydrated (`announceHydrated`: React
// hydrates in place); the other events React would act on are kept from it meanwhile (their default actions, such as
// typing or focusing, still happen). Links are let through: the browser follows them as it would without JavaScript.

/** The event the app dispatches on document when it has hydrated more of the page (`announceHydrated`). */
export const HYDRATED_EVENT = 'gequ:hydrated';
/**
 * Marks what React has hydrated: #root once the app shell is (the app's first commit), and each `.gq-part` once it is
 * hydrated too: a lazy part's element (lib/lazy-part.tsx) once its code has come, and the route's page element
 * (app/routes.tsx) once React has hydrated the page's Suspense boundary, which it does after the first commit.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** The events React hydrates a part for at once (react-dom's "discrete replayable" events), besides click. */
const KEPT_FROM_REACT = [
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'pointercancel',
  'touchstart',
  'touchend',
  'touchcancel',
  'auxclick',
  'dblclick',
  'contextmenu',
  'keydown',
  'keypress',
  'keyup',
  'input',
  'change',
  'textInput',
  'compositionstart',
  'compositionend',
  'dragstart',
  'dragend',
  'drop',
  'copy',
  'cut',
  'paste',
  'reset',
];

interface HeldClick {
  target: Element;
  init: MouseEventInit;
}

/** Whether `target` is markup in #root that React has not hydrated yet. */
function notHydrated(doc: Document, target: EventTarget | null): boolean {
  const root = doc.getElementById('root');
  if (!(target instanceof Node) || !root?.contains(target)) return false;
  if (!root.hasAttribute(HYDRATED_ATTRIBUTE)) return true;
  const element = target instanceof Element ? target : target.parentElement;
  return !!element?.closest(`.gq-part:not([${HYDRATED_ATTRIBUTE}])`);
}

/**
 * Holds clicks on markup React has not hydrated yet and dispatches them again once it has (HYDRATED_EVENT); keeps the
 * other events React acts on from it meanwhile. Returns the function that stops (tests).
 */
export function holdEarlyClicks(doc: Document = document): () => void {
  const held: HeldClick[] = [];
  const keep = (event: Event) => {
    if (notHydrated(doc, event.target)) event.stopImmediatePropagation();
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || target.closest('a[href]') || !notHydrated(doc, target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({
      target,
      init: {
        bubbles: true,
        cancelable: true,
        composed: true,
        detail: event.detail,
        clientX: event.clientX,
        clientY: event.clientY,
        screenX: event.screenX,
        screenY: event.screenY,
        button: event.button,
        buttons: event.buttons,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
      },
    });
  };
  // In the order they came; one whose element is gone (drawn anew since) is dropped.
  const onHydrated = () => {
    for (let i = 0; i < held.length;) {
      const { target, init } = held[i];
      if (!target.isConnected) held.splice(i, 1);
      else if (notHydrated(doc, target)) i += 1;
      else {
        held.splice(i, 1);
        target.dispatchEvent(new MouseEvent('click', init));
      }
    }
  };
  doc.addEventListener('click', onClick, true);
  for (const type of KEPT_FROM_REACT) doc.addEventListener(type, keep, true);
  doc.addEventListener(HYDRATED_EVENT, onHydrated);
  return () => {
    doc.removeEventListener('click', onClick, true);
    for (const type of KEPT_FROM_REACT) doc.removeEventListener(type, keep, true);
    doc.removeEventListener(HYDRATED_EVENT, onHydrated);
  };
}

/** Marks `element` (#root, or a part's element) hydrated and lets held clicks on it through. */
export function announceHydrated(element: Element | null, doc: Document = document): void {
  if (!element || element.hasAttribute(HYDRATED_ATTRIBUTE)) return;
  element.setAttribute(HYDRATED_ATTRIBUTE, '');
  doc.dispatchEvent(new Event(HYDRATED_EVENT));
}
