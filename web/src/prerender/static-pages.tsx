// A build step (scripts/static-pages.mjs; docs/web-performance.md, "Pages drawn into the shell"): renders the routes
// whose page is the same for everyone (the info pages, and the create form as it opens) in jsdom, as a visitor at a
// phone's width, and returns each page's markup. The build puts it into the route's HTML where the app shell draws
// its heading, so the first paint is the page itself. The API is answered here (a visitor, nothing else), never
// called.
import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useRoutes } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { ROUTE_META } from '../app/route-meta';
import { preloadRoute, routes } from '../app/routes';
import { setViewportWidth } from '../testing/match-media';

export { installMatchMedia } from '../testing/match-media';

/** A visitor: the profile asks to log in; anything else gets an empty answer. */
const api = setupServer(
  http.get('*/user/select', () =>
    HttpResponse.json({ code: 4010, type: 'error', message: '请先登录', data: null }, { status: 401 }),
  ),
  http.all('*', () => HttpResponse.json({ code: 2000, type: 'ok', message: '成功', data: null })),
);

/**
 * The routes whose page shows the same thing to everyone: the info pages, and /create (its empty form, the same for a
 * visitor and a user; an address that fills it in is drawn by the app a moment later). The build puts the page
 * itself, as rendered here, into the app shell, so the first paint is the whole page (docs/web-performance.md).
 */
export const STATIC_PATHS: readonly string[] = [
  ...ROUTE_META.filter((route) => route.info).map((route) => route.path),
  '/create',
];

function Routes() {
  return useRoutes(routes);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until nothing is being fetched and the page has not changed for a while. */
async function settle(container: HTMLElement, queryClient: QueryClient): Promise<void> {
  let last = '';
  let quiet = 0;
  for (let i = 0; i < 200 && quiet < 4; i++) {
    await sleep(25);
    const now = container.innerHTML;
    quiet = now === last && queryClient.isFetching() === 0 ? quiet + 1 : 0;
    last = now;
  }
}

/** The page at `path` as a visitor on a phone sees it: the markup inside the app's <main>. */
export async function renderPage(path: string): Promise<string> {
  api.listen({ onUnhandledRequest: 'bypass' });
  setViewportWidth(412);
  await preloadRoute(path);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const queryClient = createQueryClient();
  try {
    root.render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes />
        </MemoryRouter>
      </AppProviders>,
    );
    await settle(container, queryClient);
    return container.querySelector('main')?.innerHTML ?? '';
  } finally {
    root.unmount();
    container.remove();
    queryClient.clear();
    api.close();
  }
}
