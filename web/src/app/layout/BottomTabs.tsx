import AddCircleOutlineIcon from 'icon:AddCircleOutlined';
import HomeOutlinedIcon from 'icon:HomeOutlined';
import LibraryMusicIcon from 'icon:LibraryMusic';
import PersonOutlineIcon from 'icon:PersonOutlined';
import { Link, useLocation } from 'react-router';
import { zh } from '../../strings/zh-CN';

const TABS = [
  { to: '/', label: zh.nav.tabHome, Icon: HomeOutlinedIcon },
  { to: '/create', label: zh.nav.tabCreate, Icon: AddCircleOutlineIcon },
  { to: '/mywork', label: zh.nav.tabMywork, Icon: LibraryMusicIcon },
  { to: '/profile', label: zh.nav.tabMine, Icon: PersonOutlineIcon },
] as const;

/** The bottom tab bar below 1280 px: 首页, 创作, 我的作品, 我的. */
export function BottomTabs() {
  const { pathname } = useLocation();
  return (
    <nav className="gq-tabbar" aria-label={zh.nav.bottomNav}>
      <ul>
        {TABS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link className="gq-tab" to={to} aria-current={pathname === to ? 'page' : undefined}>
              <Icon />
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
