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

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { Icon } = item;
  return (
    <li>
      <NavLink className="gq-nav-item" to={item.to} end={item.to === '/'} onClick={onNavigate}>
        <span className="gq-nav-icon">
          <Icon />
        </span>
        <span className="gq-nav-text">{item.label}</span>
      </NavLink>
    </li>
  );
}

function UserPanel({ user, onNavigate }: { user: UserProfile; onNavigate?: () => void }) {
  const name = user.nickname || zh.nav.profile;
  return (
    <Link className="gq-nav-item gq-user" to="/profile" onClick={onNavigate}>
      <span className="gq-avatar">
        {user.avatarUrl ? <img src={user.avatarUrl} alt={name} width={40} height={40} /> : Array.from(name)[0]}
      </span>
      <span className="gq-nav-text">
        <span className="gq-user-name">
          <span className="gq-nowrap">{name}</span>
          {user.membershipLevel >= 1 ? <CrownIcon /> : null}
        </span>
        <span className="gq-caption gq-muted">{zh.user.pointsValue(formatCount(user.integral))}</span>
      </span>
    </Link>
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
      <ul className="gq-nav-list">
        {PRIMARY.map((item) => (
          <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
        ))}
        {isLoggedIn ? <NavEntry item={MEMBER} onNavigate={onNavigate} /> : null}
        <NavEntry item={PROFILE} onNavigate={onNavigate} />
      </ul>
      <div style={{ margin: '16px 0' }}>
        {user ? (
          <UserPanel user={user} onNavigate={onNavigate} />
        ) : (
          <button
            type="button"
            className="gq-button gq-button-contained gq-button-full"
            onClick={() => {
              onNavigate?.();
              requestLogin();
            }}
          >
            <LoginIcon />
            {zh.nav.login}
          </button>
        )}
      </div>
      <hr className="gq-divider" />
      <ul className="gq-nav-list">
        {SECONDARY.map((item) => (
          <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      <div style={{ marginTop: 'auto', paddingTop: 16 }}>
        <ThemeToggle />
      </div>
    </nav>
  );
}
