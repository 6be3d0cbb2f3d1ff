// The pages the build renders (scripts/prerender.mjs, src/prerender/pages.tsx) hydrate in the browser without a
// mismatch: rendered here by React's server renderer as the build does (a visitor, nothing fetched, at the route's
// path), then hydrated by the app as the browser starts it (app/start.tsx), as a visitor and as a signed-in user, on a
// phone's width and a desktop's. A mismatch would make React throw the markup away and render the page again.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { AppProviders, createQueryClient } from '../app/providers';
import { ROUTE_META } from '../app/route-meta';
import { preloadRoute, routes } from '../app/routes';
import { preloadParts } from '../lib/lazy-part';
import { TOKEN_KEY } from '../lib/session';
import { setViewportWidth } from '../testing/match-media';

function Routes() {
  return useRoutes(routes);
}

const HYDRATED = ROUTE_META.filter((route) => !route.fromQuery).map((route) => route.path);

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('prerendered pages', () => {
  it.each(
    HYDRATED.flatMap((path) =>
      [412, 1440].flatMap((width) => [false, true].map((user) => [path, width, user] as const)),
    ),
  )('%s hydrates at %i px (signed in: %s) without a mismatch', async (path, width, user) => {
    setViewportWidth(width);
    if (user) window.localStorage.setItem(TOKEN_KEY, 'token');
    await preloadRoute(path);
    await preloadParts();
    const html = renderToString(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(html).toContain('<main');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    window.history.replaceState(null, '', path);
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <App />, {
        onRecoverableError: (error) => errors.push(error),
        onUncaughtError: (error) => errors.push(error),
      }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(errors).toEqual([]);
    expect(container.querySelector('main')).not.toBeNull();
    act(() => root.unmount());
  });
});
