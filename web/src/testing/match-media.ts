// A window.matchMedia for jsdom that answers width and colour-scheme queries from a settable viewport,
// so layout tests can check both sides of the 1280 px breakpoint (MUI's useMediaQuery reads it).

let viewportWidth = 1280;
let prefersDark = false;
let prefersReducedMotion = false;
const active = new Set<FakeMediaQueryList>();

function evaluate(query: string): boolean {
  const parts = query.replace(/^@media\s*/i, '').split(/\s+and\s+/i);
  return parts.every((raw) => {
    const part = raw
      .trim()
      .replace(/^\(|\)$/g, '')
      .trim();
    if (part === 'all' || part === 'screen') return true;
    let m = /^min-width:\s*([\d.]+)px$/.exec(part);
    if (m) return viewportWidth >= Number(m[1]);
    m = /^max-width:\s*([\d.]+)px$/.exec(part);
    if (m) return viewportWidth <= Number(m[1]);
    m = /^prefers-color-scheme:\s*(dark|light)$/.exec(part);
    if (m) return (m[1] === 'dark') === prefersDark;
    m = /^prefers-reduced-motion:\s*(reduce|no-preference)$/.exec(part);
    if (m) return (m[1] === 'reduce') === prefersReducedMotion;
    return false;
  });
}

class FakeMediaQueryList extends EventTarget implements MediaQueryList {
  readonly media: string;
  matches: boolean;
  onchange: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null = null;

  constructor(media: string) {
    super();
    this.media = media;
    this.matches = evaluate(media);
    active.add(this);
  }

  addListener(listener: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null): void {
    if (listener) this.addEventListener('change', listener as EventListener);
  }

  removeListener(listener: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null): void {
    if (listener) this.removeEventListener('change', listener as EventListener);
  }

  refresh(): void {
    const next = evaluate(this.media);
    if (next === this.matches) return;
    this.matches = next;
    const event = Object.assign(new Event('change'), { matches: next, media: this.media }) as MediaQueryListEvent;
    this.onchange?.call(this, event);
    this.dispatchEvent(event);
  }
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => new FakeMediaQueryList(query),
  });
}

/** Sets the simulated viewport width (px) and notifies the media queries that change. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  for (const mql of active) mql.refresh();
}

/** Sets the simulated system colour preference. */
export function setPrefersDark(dark: boolean): void {
  prefersDark = dark;
  for (const mql of active) mql.refresh();
}

/** Sets the simulated system preference for reduced motion. */
export function setPrefersReducedMotion(reduce: boolean): void {
  prefersReducedMotion = reduce;
  for (const mql of active) mql.refresh();
}

export function resetMedia(): void {
  active.clear();
  viewportWidth = 1280;
  prefersDark = false;
  prefersReducedMotion = false;
}
