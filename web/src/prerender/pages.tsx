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
import { LATER_STYLES, PAGE_TEMPLATES } from './user-styles';

export { ROUTE_META };

function Routes() {
  return useRoutes(routes);
}

export interface RenderedPage {
  /** The markup of the app at the route (what goes inside #root). */
  html: string;
  /**
   * The `<style>` tags for it: MUI's global styles (the theme's CSS variables), then the rules, marked for the browser's
   * emotion cache (theme/emotion.ts).
   */
  styles: string;
  /** `<template>`s for the entry to copy before the app runs (./user-styles.tsx PAGE_TEMPLATES), or ''. */
  templates: string;
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
    // What the route shows only later (a signed-in user's content, the player's song) is rendered too, for its styles
    // (./user-styles.tsx).
    const later = LATER_STYLES[path];
    const template = PAGE_TEMPLATES[path];
    const templates = template ? render(template()) : '';
    const styled = (later ? html + render(later()) : html) + templates;
    // Every rule the render inserted, not only those whose class is in the markup: a MUI component styled from
    // another (AppBar from Paper, IconButton from ButtonBase, …) inserts a rule for each layer, and only the last
    // layer's class reaches the markup. The browser's render inserts the same layers; with their rules in the page it
    // takes them over too, instead of compiling and inserting them during hydration (docs/web-performance.md).
    const everyClass = Object.keys(cache.inserted)
      .map((id) => ` ${EMOTION_KEY}-${id}`)
      .join('');
    const chunks = server.extractCriticalToChunks(styled + everyClass);
    // The global styles (`mui-global`: the theme's CSS variables) and the rules, each in a tag the browser's cache
    // knows by its attribute (theme/emotion.ts): the rules' tag names them, so the browser's render counts them as
    // inserted; the globals' tag tells the app that the page has the variables, so its ThemeProvider does not make
    // them again (app/providers.tsx).
    // extractCriticalToChunks lists the globals first, the rules last.
    const styles = chunks.styles
      .filter((chunk) => chunk.css)
      .map((chunk) =>
        chunk.key === EMOTION_KEY
          ? `<style data-mui-rules="${chunk.ids.join(' ')}">${chunk.css}</style>`
          : `<style data-mui-globals="">${chunk.css}</style>`,
      )
      .join('');
    return { html, styles, templates };
  } finally {
    queryClient.clear();
  }
}
