// A build step (scripts/critical-css.mjs; docs/web-performance.md, "Styles in the page"): renders each route's first
// screen in jsdom, as a visitor and as a signed-in user with sample answers for the API, and as a visitor of an empty
// site, each on a phone's width and a desktop's, and returns the CSS rules emotion made for it. The build writes them into the route's HTML in the form
// emotion's own server rendering uses, so in the browser emotion finds them already there and neither parses nor
// inserts those rules again during the app's first render. Nothing of the sample data is written anywhere.
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useRoutes } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { ROUTE_META } from '../app/route-meta';
import { preloadRoute, routes } from '../app/routes';
import type { Plan } from '../features/member/api/usePlans';
import { TOKEN_KEY } from '../lib/session';
import { profile, song, timedSongDetail, userSong } from '../testing/fixtures';
import { setViewportWidth } from '../testing/match-media';

export { installMatchMedia } from '../testing/match-media';
export { usesMui } from '../app/route-meta-lite';

const ok = <T extends JsonBodyType>(data: T) => HttpResponse.json({ code: 2000, type: 'ok', message: '成功', data });

const SONGS = Array.from({ length: 6 }, (_, i) => song(`s${i + 1}`, { title: `示例${i + 1}`, play_count: 12 * i }));
const WORKS = Array.from({ length: 4 }, (_, i) => userSong(`w${i + 1}`, { open: i % 2 === 0 ? 0 : 1 }));
const PLANS: Plan[] = [
  { id: 2, name: '体验日卡', price: 1, integral: 20, termOfValidity: '1天', integralGenerate: 2, describe1: '可生成4首歌曲', describe2: '普通通道，永久云端存储', activity: false, originalPrice: null, level: 1 },
  { id: 7, name: '超级PLUS永久卡', price: 368, integral: 18000, termOfValidity: '永久', integralGenerate: 10, describe1: '可生成3600首歌曲', describe2: '会员专属通道，永久云端存储', activity: true, originalPrice: 528, level: 6 },
];

/** Whether the sample answers have data (songs, plans) or are those of an empty site. */
let withData = true;
const some = <T extends JsonBodyType>(data: T[]) => ok(withData ? data : []);

/** Sample answers for what the pages ask on their first screen: a few songs, plans and works, and the user. */
const api = setupServer(
  http.get('*/music/getPopularMusic', () => some(SONGS)),
  http.get('*/music/getNewMusic', () => some(SONGS)),
  http.get('*/music/search', () => some(SONGS)),
  http.get('*/music/getMusic', () => ok(withData ? timedSongDetail('s1') : null)),
  http.get('*/pay/plans', () => some(PLANS)),
  http.get('*/pay/query', () => ok({ status: 'NOTPAY', planName: '体验日卡', amount: 1 })),
  http.get('*/user/select', ({ request }) =>
    request.headers.get('Authorization')
      ? ok(profile())
      : HttpResponse.json({ code: 4010, type: 'error', message: '请先登录', data: null }, { status: 401 }),
  ),
  http.get('*/music/song/list', () => some(WORKS)),
  http.get('*/music/song/listNumber', () => ok(withData ? WORKS.length : 0)),
  http.get('*/music/song/generateNumber', () => ok(0)),
  http.all('*', () => ok(null)),
);

/** The URL each route is rendered at (the pages with a query show a sample song or order). */
export const PRERENDER_URLS: ReadonlyMap<string, string> = new Map(
  ROUTE_META.map((route) => {
    const query: Record<string, string> = {
      '/payment': '?taskId=1001',
      '/musicPlayer': `?id=${btoa('s1')}`,
      '/musicList': `?type=${encodeURIComponent(btoa(encodeURIComponent('热门榜单')))}`,
    };
    return [route.path, route.path + (query[route.path] ?? '')];
  }),
);

function Routes() {
  return useRoutes(routes);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until nothing is being fetched and the page has not changed for a while (lists render in steps). */
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

/** Renders the app at `url` once; returns the page's markup (the inside of <main>). */
async function renderOnce(url: string, cache: EmotionCache): Promise<string> {
  await preloadRoute(new URL(url, 'http://localhost').pathname);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const queryClient = createQueryClient();
  root.render(
    <CacheProvider value={cache}>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes />
        </MemoryRouter>
      </AppProviders>
    </CacheProvider>,
  );
  await settle(container, queryClient);
  const page = container.querySelector('main')?.innerHTML ?? '';
  root.unmount();
  container.remove();
  queryClient.clear();
  return page;
}

/** What a route's first screen styles with: emotion's rules with their names, and its global styles by name. */
export interface CriticalCss {
  ids: string[];
  css: string;
  /** [name, css] of each <Global> (the theme's CSS variables). */
  globals: [string, string][];
  /** The page's markup as a visitor on a phone, for the routes whose page is the same for everyone (STATIC_PATHS). */
  page: string;
}

/**
 * The routes whose page shows the same text to everyone (the info pages): the build puts the page itself, as rendered
 * here, into the app shell, so the first paint is the whole page (docs/web-performance.md).
 */
export const STATIC_PATHS: readonly string[] = ROUTE_META.filter((route) => route.info).map((route) => route.path);

/** The emotion rules of the route at `url`'s first screen, in every state rendered. */
export async function criticalCss(url: string): Promise<CriticalCss> {
  api.listen({ onUnhandledRequest: 'bypass' });
  // key 'css': the browser's default cache, which takes over `<style data-emotion="css …">` tags it finds (and each
  // <Global> the `<style data-emotion="css-global name">` tag of its own styles).
  const cache = createCache({ key: 'css', speedy: false });
  // A <Global> inserts into a sheet of its own with an empty selector; the cache does not remember it, so its name
  // and rules are taken here as they are inserted (one style tag per rule, the sheet not being "speedy").
  const globals = new Map<string, string>();
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const before = sheet.tags.length;
    const result = insert(selector, serialized, sheet, shouldCache);
    if (selector === '' && sheet.key === `${cache.key}-global` && !globals.has(serialized.name)) {
      globals.set(serialized.name, sheet.tags.slice(before).map((tag) => tag.textContent ?? '').join(''));
    }
    return result;
  };
  let page = '';
  try {
    for (const { signedIn, data } of [
      { signedIn: false, data: true },
      { signedIn: true, data: true },
      { signedIn: false, data: false },
    ]) {
      withData = data;
      if (signedIn) localStorage.setItem(TOKEN_KEY, 'prerender');
      else localStorage.removeItem(TOKEN_KEY);
      for (const width of [412, 1440]) {
        setViewportWidth(width);
        const markup = await renderOnce(url, cache);
        if (!signedIn && data && width === 412) page = markup;
      }
    }
  } finally {
    withData = true;
    localStorage.removeItem(TOKEN_KEY);
    api.close();
  }
  const ids = Object.keys(cache.inserted).filter((id) => cache.inserted[id] === true);
  const css = cache.sheet.tags.map((tag) => tag.textContent ?? '').join('');
  cache.sheet.flush();
  return { ids, css, globals: [...globals], page };
}
