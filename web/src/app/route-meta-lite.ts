// The app's routes, and which of them render without MUI (the music square and its song lists, plain components of
// src/ui; an unknown path is the plain 404 page). A module of its own, with no imports, so that the app's first stage
// (app/boot.tsx) and the build (scripts/route-pages.ts) know it without loading the app; app/routes.tsx loads MUI with
// the other pages.

/** docs/web.md: history mode, base /, these routes; anything else is the 404 page. */
export const ROUTE_PATHS = [
  '/',
  '/create',
  '/mywork',
  '/member',
  '/profile',
  '/payment',
  '/musicPlayer',
  '/musicList',
  '/contactUs',
  '/faq',
  '/about',
] as const;

/** The routes whose page uses no MUI. */
export const PLAIN_PATHS: readonly string[] = ['/', '/musicList', '/mywork', '/member', '/profile', '/payment', '/musicPlayer'];

/** Whether the page at `pathname` uses MUI: a known route other than PLAIN_PATHS. */
export function usesMui(pathname: string): boolean {
  const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  return (ROUTE_PATHS as readonly string[]).includes(path) && !PLAIN_PATHS.includes(path);
}
