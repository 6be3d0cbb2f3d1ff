import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePlayer } from '../../lib/player';
import { APP_LAYOUT_BREAKPOINT, BOTTOM_TABS_HEIGHT } from '../../theme/tokens';
import { useMediaQuery } from '../../ui/media';
import { ErrorBoundary } from '../ErrorBoundary';
import { RouteError } from '../RouteError';
import { BottomTabs } from './BottomTabs';
import { MenuDrawer } from './MenuDrawer';
import { MINI_PLAYER_HEIGHT } from './mini-player-size';
import { NavMenu } from './NavMenu';
import { TopBar } from './TopBar';

// Loaded on the first play, so the bar stays out of the initial bundle.
const MiniPlayer = lazy(() => import('./MiniPlayer'));

/**
 * docs/web.md layout: at 1280 px or more a permanent side menu; below, a top bar with a drawer and a bottom tab bar.
 * Only one of the two navigations is rendered at a time, so each landmark name is unique on the page. The mini player
 * bar shows whenever a song is loaded, except on the player page (which has the full controls). The frame is plain
 * HTML and src/ui/ui.css, as is the rest of the app (docs/web-performance.md, "The pages without MUI").
 */
export function AppLayout() {
  const wide = useMediaQuery(`(min-width: ${APP_LAYOUT_BREAKPOINT}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const { current } = usePlayer();
  const mini = !!current && pathname !== '/musicPlayer';
  const bottomRoom = (wide ? 0 : BOTTOM_TABS_HEIGHT) + (mini ? MINI_PLAYER_HEIGHT : 0);

  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <div className="gq-app">
      {wide ? (
        <aside className="gq-aside">
          <NavMenu />
        </aside>
      ) : (
        <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      )}
      <div className="gq-column">
        {wide ? null : <TopBar onOpenMenu={() => setDrawerOpen(true)} menuOpen={drawerOpen} />}
        <main
          className="gq-content"
          style={bottomRoom === 0 ? undefined : { paddingBottom: `calc(${bottomRoom}px + env(safe-area-inset-bottom))` }}
        >
          <ErrorBoundary resetKey={pathname} fallback={<RouteError />}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
      {mini ? (
        <Suspense fallback={null}>
          <MiniPlayer wide={wide} />
        </Suspense>
      ) : null}
      {wide ? null : <BottomTabs />}
    </div>
  );
}
