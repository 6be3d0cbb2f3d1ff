// A build step (scripts/prerender.mjs; docs/web-performance.md, "Pages rendered by the build"): renders a route's page
// with React's server renderer, as a visitor whose data has not arrived yet and on no particular screen, and returns
// its markup with the CSS emotion made for it (MUI's documented server rendering: a fresh emotion cache per render,
// `extractCriticalToChunks`, the style tags for the page's head). The browser hydrates that markup (app/start.tsx)
// with a cache of the same key, which takes the style tags over instead of making the rules again. Built for Node by
// vite.prerender.config.ts with the `worker` export condition, which picks emotion's server build.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useRoutes } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { ROUTE_META } from '../app/route-meta';
import { preloadRoute, routes } from '../app/routes';
import { preloadParts } from '../lib/lazy-part';
import { EMOTION_KEY } from '../theme/emotion';
import { USER_STYLES } from './user-styles';

export { ROUTE_META };

function Routes() {
  return useRoutes(routes);
}

export interface RenderedPage {
  /** The markup of the app at the route (what goes inside #root). */
  html: string;
  /** emotion's `<style data-emotion="…">` tags for it: the global styles (the theme's CSS variables), then the rules. */
  styles: string;
}

/** The app at `path` as the build renders it: a visitor, nothing fetched yet, no screen. */
export async function renderRoute(path: string): Promise<RenderedPage> {
  await preloadRoute(path);
  // The parts whose code follows the page's in the browser (lib/lazy-part.tsx) are rendered here too.
  await preloadParts();
  const cache = createCache({ key: EMOTION_KEY });
  const server = createEmotionServer(cache);
  const queryClient = createQueryClient();
  const render = (content: ReactNode) =>
    renderToString(
      <CacheProvider value={cache}>
        <AppProviders queryClient={queryClient}>
          <MemoryRouter initialEntries={[path]}>{content}</MemoryRouter>
        </AppProviders>
      </CacheProvider>,
    );
  try {
    const html = render(<Routes />);
    // What the route shows only a signed-in user is rendered too, for its styles (./user-styles.tsx).
    const userOnly = USER_STYLES[path];
    const styled = userOnly ? html + render(userOnly()) : html;
    const chunks = server.extractCriticalToChunks(styled);
    // `data-s` marks the tags as already in place: emotion's browser cache otherwise moves every server-rendered tag
    // to the end of <head> when it is created (to get tags rendered inside the app out of React's way), and each move
    // makes the browser parse that sheet again and restyle the whole page, in the app's start (docs/web-performance.md).
    // These are in <head> already; the cache still takes their rules over.
    const styles = server
      .constructStyleTagsFromChunks(chunks)
      .replaceAll('<style data-emotion="', '<style data-s="" data-emotion="');
    return { html, styles };
  } finally {
    queryClient.clear();
  }
}
