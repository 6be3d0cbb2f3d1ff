import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadLayout } from './layout/AppLayout';
import { createQueryClient } from './providers';
import { prefetchRouteData } from './route-data';
import { preloadRoute } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The route's first requests (the signed-in user's profile, /mywork's songs) start now, beside the page's chunk.
const queryClient = createQueryClient();
prefetchRouteData(queryClient, window.location.pathname);
// The first render waits for the current route's page (its chunk is already downloading: the route's HTML preloads
// it) and, on a wide screen, the side menu, so the app shell gives way to the page itself rather than to a loading
// spinner. It renders as a transition, which React splits into short slices, so a slow phone stays responsive while
// the page is built.
await Promise.all([preloadRoute(window.location.pathname), preloadLayout()]).catch(() => undefined);
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App client={queryClient} />
    </StrictMode>,
  );
});
