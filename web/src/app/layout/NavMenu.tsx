import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import AddCircleOutlineIcon from 'icon:AddCircleOutlined';
import HelpOutlineIcon from 'icon:HelpOutlined';
import InfoOutlinedIcon from 'icon:InfoOutlined';
import LibraryMusicIcon from 'icon:LibraryMusic';
import LoginIcon from 'icon:Login';
import PersonOutlineIcon from 'icon:PersonOutlined';
import QueueMusicIcon from 'icon:QueueMusic';
import SupportAgentIcon from 'icon:SupportAgent';
import WorkspacePremiumIcon from 'icon:WorkspacePremium';
import { Link, NavLink } from 'react-router';
import { CrownIcon } from '../../components/CrownIcon';
import { useCurrentUser } from '../../lib/current-user';
import { formatCount } from '../../lib/format';
import { requestLogin } from '../../lib/session';
import type { UserProfile } from '../../lib/types';
import { zh } from '../../strings/zh-CN';
import { ThemeToggle } from '../../theme/ThemeToggle';
import type { IconProps } from '../../ui/Icon';
import { Brand } from './Brand';

interface NavItem {
  to: string;
  label: string;
  Icon: (props: IconProps) => React.JSX.Element;
}

const PRIMARY: NavItem[] = [
  { to: '/', label: zh.nav.square, Icon: QueueMusicIcon },
  { to: '/create', label: zh.nav.create, Icon: AddCircleOutlineIcon },
  { to: '/mywork', label: zh.nav.mywork, Icon: LibraryMusicIcon },
];
const MEMBER: NavItem = { to: '/member', label: zh.nav.member, Icon: WorkspacePremiumIcon };
const PROFILE: NavItem = { to: '/profile', label: zh.nav.profile, Icon: PersonOutlineIcon };
const SECONDARY: NavItem[] = [
  { to: '/contactUs', label: zh.nav.contactUs, Icon: SupportAgentIcon },
  { to: '/about', label: zh.nav.about, Icon: InfoOutlinedIcon },
  { to: '/faq', label: zh.nav.faq, Icon: HelpOutlineIcon },
];

/** One destination: MUI's ListItemButton as a router link (ui.css .gq-nav-button marks the current page's). */
function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { Icon } = item;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={item.to}
        end={item.to === '/'}
        onClick={onNavigate}
        className="gq-nav-button"
      >
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

function UserPanel({ user, onNavigate }: { user: UserProfile; onNavigate?: () => void }) {
  const name = user.nickname || zh.nav.profile;
  return (
    <ListItemButton component={Link} to="/profile" onClick={onNavigate} className="gq-nav-button gq-user">
      <Avatar src={user.avatarUrl ?? undefined} alt={name} className="gq-avatar">
        {Array.from(name)[0]}
      </Avatar>
      <span className="gq-nav-text">
        <span className="gq-user-name">
          <span className="gq-nowrap">{name}</span>
          {user.membershipLevel >= 1 ? <CrownIcon /> : null}
        </span>
        <span className="gq-caption gq-muted">{zh.user.pointsValue(formatCount(user.integral))}</span>
      </span>
    </ListItemButton>
  );
}

/**
 * The menu of the side bar (≥ 1280 px) and of the drawer (below): every destination of docs/web.md's layout,
 * the login button or the user panel, and the theme toggle. `onNavigate` closes the drawer after a choice.
 */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user, isLoggedIn } = useCurrentUser();
  return (
    <nav className="gq-nav" aria-label={zh.nav.mainMenu}>
      <Brand onClick={onNavigate} />
      <List disablePadding className="gq-nav-list">
        {PRIMARY.map((item) => (
          <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
        ))}
        {isLoggedIn ? <NavEntry item={MEMBER} onNavigate={onNavigate} /> : null}
        <NavEntry item={PROFILE} onNavigate={onNavigate} />
      </List>
      <div className="gq-nav-login">
        {user ? (
          <UserPanel user={user} onNavigate={onNavigate} />
        ) : (
          <Button
            fullWidth
            variant="contained"
            startIcon={<LoginIcon />}
            onClick={() => {
              onNavigate?.();
              requestLogin();
            }}
          >
            {zh.nav.login}
          </Button>
        )}
      </div>
      <Divider />
      <List disablePadding className="gq-nav-list">
        {SECONDARY.map((item) => (
          <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </List>
      <div className="gq-nav-end">
        <ThemeToggle />
      </div>
    </nav>
  );
}

export default NavMenu;
