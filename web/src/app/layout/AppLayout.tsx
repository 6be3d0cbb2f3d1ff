import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useHydrated } from '../../lib/hydration';
import { lazyPart } from '../../lib/lazy-part';
import { usePlayer } from '../../lib/player';
import { APP_LAYOUT_BREAKPOINT, BOTTOM_TABS_HEIGHT } from '../../theme/tokens';
import { ErrorBoundary } from '../ErrorBoundary';
import { MINI_PLAYER_HEIGHT } from './mini-player-size';

// The frame's parts: their code follows the page's and loads in parallel with it (lib/lazy-part.tsx); in a page the
// build rendered, their markup is there at once and hydrates when the code arrives. The side menu (≥ 1280 px; below,
// the drawer has it), and below 1280 px the top bar (its room kept meanwhile) and the bottom tabs.
const NavMenu = lazyPart(() => import('./NavMenu'));
const TopBar = lazyPart(() => import('./TopBar'), <div className="gq-topbar-room gq-narrow-only" />);
const BottomTabs = lazyPart(() => import('./BottomTabs'));
void TopBar.preload().catch(() => undefined);
void BottomTabs.preload().catch(() => undefined);
// Loaded on the first play, so the bar stays out of the initial bundle.
const MiniPlayer = lazy(() => import('./MiniPlayer'));
// The page that says a page failed: its module is fetched once the app has started (below), so it is there even when
// the failure is a chunk that can no longer be loaded (after a deployment), and stays out of the first load.
const loadRouteError = () => import('../RouteError');
const RouteError = lazy(() => loadRouteError().then((m) => ({ default: m.RouteError })));
// Loaded when the menu is first opened (MUI's Drawer and its modal code).
const MenuDrawer = lazy(() => import('./MenuDrawer'));

/**
 * docs/web.md layout: at 1280 px or more a permanent side menu; below, a top bar with a drawer and a bottom tab bar.
 * Only one of the two navigations is rendered at a time, so each landmark name is unique on the page, except while
 * React hydrates a page the build rendered (lib/hydration.ts): the build knows no screen, so it renders both and
 * ui.css shows the one that fits (.gq-aside, .gq-narrow-only). The mini player bar shows whenever a song is loaded,
 * except on the player page (which has the full controls).
 */
export function AppLayout() {
  const hydrated = useHydrated();
  const wide = useMediaQuery(`(min-width: ${APP_LAYOUT_BREAKPOINT}px)`);
  const showWide = wide || !hydrated;
  const showNarrow = !wide || !hydrated;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const openMenu = useCallback(() => {
    setDrawerWanted(true);
    setDrawerOpen(true);
  }, []);
  const { pathname } = useLocation();
  const { current } = usePlayer();
  const mini = !!current && pathname !== '/musicPlayer';
  // ui.css keeps room for the bottom tabs under the page (.gq-content); the mini player needs more.
  const bottomRoom = (wide ? 0 : BOTTOM_TABS_HEIGHT) + MINI_PLAYER_HEIGHT;

  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  useEffect(() => {
    void loadRouteError().catch(() => undefined);
  }, []);

  return (
    <div className="gq-app">
      {showWide ? (
        <aside className="gq-aside">
          <NavMenu />
        </aside>
      ) : null}
      {showNarrow && drawerWanted ? (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
      <div className="gq-column">
        {showNarrow ? <TopBar onOpenMenu={openMenu} menuOpen={drawerOpen} /> : null}
        <main
          className="gq-content"
          style={mini ? { paddingBottom: `calc(${bottomRoom}px + env(safe-area-inset-bottom))` } : undefined}
        >
          <ErrorBoundary
            resetKey={pathname}
            fallback={
              <Suspense fallback={null}>
                <RouteError />
              </Suspense>
            }
          >
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
      {mini ? (
        <Suspense fallback={null}>
          <MiniPlayer wide={wide} />
        </Suspense>
      ) : null}
      {showNarrow ? <BottomTabs /> : null}
    </div>
  );
}
