import DarkModeIcon from 'icon:DarkMode';
import LightModeIcon from 'icon:LightMode';
import { zh } from '../strings/zh-CN';
import { setColorMode, useResolvedColorMode } from './color-scheme';

/**
 * The light/dark switch of the menu. The choice is stored in localStorage (tokens.ts MODE_STORAGE_KEY); until the user
 * chooses, the system preference applies (color-scheme.ts).
 */
export function ThemeToggle({ onToggled }: { onToggled?: () => void }) {
  const dark = useResolvedColorMode() === 'dark';
  return (
    <button
      type="button"
      className="gq-nav-item"
      aria-pressed={dark}
      onClick={() => {
        setColorMode(dark ? 'light' : 'dark');
        onToggled?.();
      }}
    >
      <span className="gq-nav-icon">{dark ? <LightModeIcon /> : <DarkModeIcon />}</span>
      <span className="gq-nav-text">
        <span>{zh.theme.toggle}</span>
        <span className="gq-nav-secondary">{zh.theme.current(dark ? zh.theme.dark : zh.theme.light)}</span>
      </span>
    </button>
  );
}
