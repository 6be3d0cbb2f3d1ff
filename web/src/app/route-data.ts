import type { QueryClient } from '@tanstack/react-query';
import { prefetchMyWorks } from '../features/works/prefetch';
import { prefetchCurrentUser } from '../lib/current-user';
import { hasToken } from '../lib/session';
import { APP_LAYOUT_BREAKPOINT } from '../theme/theme';

/** The routes whose page shows the signed-in user (below 1280 px; the side menu above shows the user everywhere). */
const USER_ROUTES = new Set(['create', 'mywork', 'member', 'profile', 'musicPlayer']);

/**
 * Starts the requests the first screen of `pathname` needs before React renders (app/boot.tsx), so they run beside
 * the page's chunk and one another rather than one after the other: with a stored token, the profile, and for
 * /mywork the first page of songs, the count and the first covers. The pages' own queries share these requests.
 */
export function prefetchRouteData(client: QueryClient, pathname: string): void {
  if (!hasToken()) return;
  const name = pathname.replace(/^\/+|\/+$/g, '');
  const wide = window.matchMedia?.(`(min-width: ${APP_LAYOUT_BREAKPOINT}px)`).matches ?? false;
  if (wide || USER_ROUTES.has(name)) void prefetchCurrentUser(client);
  if (name === 'mywork') prefetchMyWorks(client);
}
