// The entry's preloads of the app's code (main.tsx): imported by the entry only, and kept out of the app's chunk by
// vite.config.ts, so that the entry stays a few hundred bytes.

/// How long the app waits for its chunks before it starts anyway (a chunk that is slow to arrive).
export const PRELOAD_WAIT_LIMIT_MS = 5000;

/// Adds a `<link rel="modulepreload">` for each of hrefs, one per task, then calls start once every one has loaded or
/// failed (or PRELOAD_WAIT_LIMIT_MS after the last was added); with nothing to preload or no modulepreload, at once.
export function preloadThenStart(hrefs: readonly string[], start: () => void): void {
  const left = [...hrefs];
  let waiting = left.length;
  let started = false;
  const go = () => {
    if (!started) start();
    started = true;
  };
  if (!waiting || !document.createElement('link').relList.supports('modulepreload')) return go();
  const arrived = () => --waiting || go();
  const preloadSome = () => {
    const link = Object.assign(document.createElement('link'), {
      rel: 'modulepreload',
      crossOrigin: '',
      href: left.shift(),
    });
    link.onload = link.onerror = arrived;
    document.head.append(link);
    setTimeout(left.length ? preloadSome : go, left.length ? 0 : PRELOAD_WAIT_LIMIT_MS);
  };
  preloadSome();
}
