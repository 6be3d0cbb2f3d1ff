import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from 'icon:Menu';
import { zh } from '../../strings/zh-CN';

/** The top bar below 1280 px: the drawer button and the title 歌曲. */
export function TopBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} className="gq-topbar gq-narrow-only">
      <Toolbar className="gq-topbar-toolbar">
        <IconButton
          edge="start"
          aria-label={zh.nav.openMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </IconButton>
        <div className="gq-topbar-title">{zh.app.name}</div>
      </Toolbar>
    </AppBar>
  );
}

export default TopBar;
