import MenuIcon from 'icon:Menu';
import { zh } from '../../strings/zh-CN';

/** The top bar below 1280 px: the drawer button and the title 歌曲. */
export function TopBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  return (
    <header className="gq-topbar">
      <button
        type="button"
        className="gq-icon-button"
        aria-label={zh.nav.openMenu}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onClick={onOpenMenu}
      >
        <MenuIcon />
      </button>
      <div className="gq-topbar-title">{zh.app.name}</div>
    </header>
  );
}
