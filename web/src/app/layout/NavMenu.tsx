import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import LoginIcon from '@mui/icons-material/Login';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { CrownIcon } from '../../components/CrownIcon';
import { useCurrentUser } from '../../lib/current-user';
import { formatCount } from '../../lib/format';
import { requestLogin } from '../../lib/session';
import type { UserProfile } from '../../lib/types';
import { zh } from '../../strings/zh-CN';
import { ThemeToggle } from '../../theme/ThemeToggle';
import { Brand } from './Brand';

interface NavItem {
  to: string;
  label: string;
  icon: ReactElement;
}

const PRIMARY: NavItem[] = [
  { to: '/', label: zh.nav.square, icon: <QueueMusicIcon /> },
  { to: '/create', label: zh.nav.create, icon: <AddCircleOutlineIcon /> },
  { to: '/mywork', label: zh.nav.mywork, icon: <LibraryMusicIcon /> },
];
const MEMBER: NavItem = { to: '/member', label: zh.nav.member, icon: <WorkspacePremiumIcon /> };
const PROFILE: NavItem = { to: '/profile', label: zh.nav.profile, icon: <PersonOutlineIcon /> };
const SECONDARY: NavItem[] = [
  { to: '/contactUs', label: zh.nav.contactUs, icon: <SupportAgentIcon /> },
  { to: '/about', label: zh.nav.about, icon: <InfoOutlinedIcon /> },
  { to: '/faq', label: zh.nav.faq, icon: <HelpOutlineIcon /> },
];

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={item.to}
        end={item.to === '/'}
        onClick={onNavigate}
        sx={{
          borderRadius: 2,
          '&.active': {
            bgcolor: 'action.selected',
            color: 'primary.main',
            '& .MuiListItemIcon-root': { color: 'primary.main' },
          },
        }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

function UserPanel({ user, onNavigate }: { user: UserProfile; onNavigate?: () => void }) {
  const name = user.nickname || zh.nav.profile;
  return (
    <ListItemButton
      component={RouterLink}
      to="/profile"
      onClick={onNavigate}
      sx={{ borderRadius: 2, gap: 1.5, py: 1 }}
    >
      <Avatar src={user.avatarUrl ?? undefined} alt={name} sx={{ width: 40, height: 40, bgcolor: 'primary.main' }}>
        {Array.from(name)[0]}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap component="span">
            {name}
          </Typography>
          {user.membershipLevel >= 1 ? <CrownIcon /> : null}
        </Stack>
        <Typography variant="caption" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
          {zh.user.pointsValue(formatCount(user.integral))}
        </Typography>
      </Box>
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
    <Box
      component="nav"
      aria-label={zh.nav.mainMenu}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowY: 'auto', px: 1.5, py: 2 }}
    >
      <Brand sx={{ px: 1, mb: 2 }} onClick={onNavigate} />
      <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
        {PRIMARY.map((item) => (
          <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
        ))}
        {isLoggedIn ? <NavEntry item={MEMBER} onNavigate={onNavigate} /> : null}
        <NavEntry item={PROFILE} onNavigate={onNavigate} />
      </List>
      <Box sx={{ my: 2 }}>
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
      </Box>
      <Divider sx={{ mb: 1 }} />
      <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
        {SECONDARY.map((item) => (
          <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </List>
      <Box sx={{ mt: 'auto', pt: 2 }}>
        <ThemeToggle />
      </Box>
    </Box>
  );
}
