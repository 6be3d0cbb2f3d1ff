import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePlayer } from '../../lib/player';
import { BOTTOM_TABS_HEIGHT, SIDE_MENU_WIDTH } from '../../theme/theme';
import { ErrorBoundary } from '../ErrorBoundary';
import { RouteError } from '../RouteError';
import { BottomTabs } from './BottomTabs';
import { MINI_PLAYER_HEIGHT } from './mini-player-size';

import { NavMenu } from './NavMenu';
import { TopBar } from './TopBar';

// Loaded on the first play, so the bar stays out of the initial bundle.
const MiniPlayer = lazy(() => import('./MiniPlayer'));
// Loaded when the menu is first opened.
const MenuDrawer = lazy(() => import('./MenuDrawer'));

/**
 * docs/web.md layout: at 1280 px or more a permanent side menu; below, a top bar with a drawer and a bottom tab bar.
 * Only one of the two navigations is rendered at a time, so each landmark name is unique on the page. The mini player
 * bar shows whenever a song is loaded, except on the player page (which has the full controls).
 */
export function AppLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
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
    <Box sx={{ display: 'flex', minHeight: '100vh', width: '100%', overflowX: 'clip' }}>
      {wide ? (
        <Box
          component="aside"
          sx={{
            width: SIDE_MENU_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100vh',
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <NavMenu />
        </Box>
      ) : drawerWanted ? (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {wide ? null : <TopBar
            onOpenMenu={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
            menuOpen={drawerOpen}
          />}
        <Box
          component="main"
          sx={{
            flex: 1,
            minWidth: 0,
            pb: bottomRoom === 0 ? 0 : `calc(${bottomRoom}px + env(safe-area-inset-bottom))`,
          }}
        >
          <ErrorBoundary resetKey={pathname} fallback={<RouteError />}>
            <Outlet />
          </ErrorBoundary>
        </Box>
      </Box>
      {mini ? (
        <Suspense fallback={null}>
          <MiniPlayer wide={wide} />
        </Suspense>
      ) : null}
      {wide ? null : <BottomTabs />}
    </Box>
  );
}
