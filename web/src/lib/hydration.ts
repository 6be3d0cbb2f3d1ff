// Whether the app is past hydrating the page the build prerendered (docs/web-performance.md, "Pages rendered by the
// build"). While React hydrates, everything must render as the build did (a visitor on no particular screen); what
// depends on this browser (the screen's width, the query string) renders right after.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False on the server and while React hydrates the prerendered page; true from then on (and in a client render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
