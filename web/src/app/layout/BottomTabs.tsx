import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useLocation } from 'react-router';
import { zh } from '../../strings/zh-CN';
import { BOTTOM_TABS_HEIGHT } from '../../theme/theme';

const TABS = [
  { to: '/', label: zh.nav.tabHome, icon: <HomeOutlinedIcon /> },
  { to: '/create', label: zh.nav.tabCreate, icon: <AddCircleOutlineIcon /> },
  { to: '/mywork', label: zh.nav.tabMywork, icon: <LibraryMusicIcon /> },
  { to: '/profile', label: zh.nav.tabMine, icon: <PersonOutlineIcon /> },
] as const;

/** The bottom tab bar below 1280 px: 首页, 创作, 我的作品, 我的. */
export function BottomTabs() {
  const { pathname } = useLocation();
  const current = TABS.find((t) => t.to === pathname)?.to ?? false;
  return (
    <Paper
      component="nav"
      aria-label={zh.nav.bottomNav}
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={current} sx={{ height: BOTTOM_TABS_HEIGHT, bgcolor: 'transparent' }}>
        {TABS.map((tab) => (
          <BottomNavigationAction
            key={tab.to}
            value={tab.to}
            label={tab.label}
            icon={tab.icon}
            component={RouterLink}
            to={tab.to}
            aria-current={current === tab.to ? 'page' : undefined}
            sx={{ minWidth: 0 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
