import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useColorScheme } from '@mui/material/styles';
import DarkModeIcon from 'icon:DarkMode';
import LightModeIcon from 'icon:LightMode';
import { useHydrated } from '../lib/hydration';
import { zh } from '../strings/zh-CN';

/** The colour mode in use: the chosen one, or the system's while nothing is chosen (light until MUI knows it). */
export function useResolvedMode(): 'light' | 'dark' {
  const { mode, systemMode } = useColorScheme();
  const resolved = mode === 'system' || mode === undefined ? systemMode : mode;
  return resolved === 'dark' ? 'dark' : 'light';
}

/**
 * The light/dark switch of the menu. MUI's ThemeProvider stores the choice in localStorage (tokens.ts
 * MODE_STORAGE_KEY) and puts its class on <html>; until the user chooses, the system preference applies.
 */
export function ThemeToggle({ onToggled }: { onToggled?: () => void }) {
  const { setMode } = useColorScheme();
  // Hydrated as the build drew it (light), then as chosen.
  const resolved = useResolvedMode();
  const dark = useHydrated() && resolved === 'dark';
  return (
    <ListItemButton
      component="button"
      aria-pressed={dark}
      onClick={() => {
        setMode(dark ? 'light' : 'dark');
        onToggled?.();
      }}
      className="gq-nav-button"
    >
      <ListItemIcon>{dark ? <LightModeIcon /> : <DarkModeIcon />}</ListItemIcon>
      <ListItemText primary={zh.theme.toggle} secondary={zh.theme.current(dark ? zh.theme.dark : zh.theme.light)} />
    </ListItemButton>
  );
}
