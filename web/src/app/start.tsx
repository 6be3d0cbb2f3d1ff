// The app's first render (the last stage of ./boot.tsx).
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadRoute } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The first render waits for the current route's page (its chunk is already downloading: the route's HTML preloads
// it), so the app shell gives way to the page itself rather than to a loading spinner. It renders as a transition,
// which React splits into short slices, so a slow phone stays responsive while the page is built.
await preloadRoute(window.location.pathname).catch(() => undefined);
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
