// The app's first render (the last stage of ./boot.tsx).
import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserEmotionCache } from '../theme/emotion';
import { App } from './App';
import { preloadRoute } from './routes';

// index.html has it (scripts/route-pages.ts writes every page from it).
const container = document.getElementById('root') as HTMLElement;
// The first render waits for the current route's page (its chunk is already downloading: the route's HTML preloads
// it), so the page renders (or hydrates) without suspending. It renders as a transition, which React splits into
// short slices, so a slow phone stays responsive while the page is built.
await preloadRoute(window.location.pathname).catch(() => undefined);
// emotion's cache with the build's key, taking over the page's style tags where they stand (theme/emotion.ts).
// StrictMode's checks run in development only, so the production build leaves it out (one less element to hydrate,
// and bytes of home's first script, whose budget is 130 KB: docs/web-performance.md).
const app = (
  <CacheProvider value={createBrowserEmotionCache()}>
    {import.meta.env.DEV ? (
      <StrictMode>
        <App />
      </StrictMode>
    ) : (
      <App />
    )}
  </CacheProvider>
);
// The build rendered this page (scripts/prerender.mjs): hydrate it. Its markup is that of the path it was rendered at;
// another path served the same file (gequ-server answers unknown paths with the home page's) is rendered anew.
const prerendered = container.dataset.prerendered;
const path = window.location.pathname.replace(/(.)\/+$/, '$1');
startTransition(() => {
  if (prerendered !== undefined && prerendered === path) {
    hydrateRoot(container, app);
  } else {
    if (prerendered !== undefined) container.replaceChildren();
    createRoot(container).render(app);
  }
});
