import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import AddCircleOutlineIcon from 'icon:AddCircleOutlined';
import HomeOutlinedIcon from 'icon:HomeOutlined';
import LibraryMusicIcon from 'icon:LibraryMusic';
import PersonOutlineIcon from 'icon:PersonOutlined';
import { Link, useLocation } from 'react-router';
import { zh } from '../../strings/zh-CN';

const TABS = [
  { to: '/', label: zh.nav.tabHome, icon: <HomeOutlinedIcon /> },
  { to: '/create', label: zh.nav.tabCreate, icon: <AddCircleOutlineIcon /> },
  { to: '/mywork', label: zh.nav.tabMywork, icon: <LibraryMusicIcon /> },
  { to: '/profile', label: zh.nav.tabMine, icon: <PersonOutlineIcon /> },
] as const;

/** The bottom tab bar below 1280 px (MUI's BottomNavigation): 首页, 创作, 我的作品, 我的. */
export function BottomTabs() {
  const { pathname } = useLocation();
  const current = TABS.find((t) => t.to === pathname)?.to ?? false;
  return (
    <Paper component="nav" aria-label={zh.nav.bottomNav} elevation={8} square className="gq-tabbar gq-narrow-only">
      <BottomNavigation showLabels value={current}>
        {TABS.map((tab) => (
          <BottomNavigationAction
            key={tab.to}
            value={tab.to}
            label={tab.label}
            icon={tab.icon}
            component={Link}
            to={tab.to}
            aria-current={current === tab.to ? 'page' : undefined}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}

export default BottomTabs;
