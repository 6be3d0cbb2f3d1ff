import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { zh } from '../../strings/zh-CN';

/** The top bar below 1280 px: the drawer button and the title 歌曲. */
export function TopBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          aria-label={zh.nav.openMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </IconButton>
        <Typography component="div" sx={{ fontWeight: 800, fontSize: '1.2rem', letterSpacing: 2 }}>
          {zh.app.name}
        </Typography>
      </Toolbar>
    </AppBar>
  );
}
