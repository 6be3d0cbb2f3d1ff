import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useColorScheme } from '@mui/material/styles';
import { zh } from '../strings/zh-CN';

/** The resolved colour mode: the chosen one, or the system's while nothing is chosen. */
export function useResolvedMode(): 'light' | 'dark' {
  const { mode, systemMode } = useColorScheme();
  const resolved = mode === 'system' || mode === undefined ? systemMode : mode;
  return resolved === 'dark' ? 'dark' : 'light';
}

/**
 * The light/dark switch of the menu. MUI stores the choice in localStorage (MODE_STORAGE_KEY);
 * until the user chooses, the system preference applies.
 */
export function ThemeToggle({ onToggled }: { onToggled?: () => void }) {
  const { setMode } = useColorScheme();
  const resolved = useResolvedMode();
  const dark = resolved === 'dark';
  return (
    <ListItemButton
      component="button"
      aria-pressed={dark}
      onClick={() => {
        setMode(dark ? 'light' : 'dark');
        onToggled?.();
      }}
      sx={{ width: '100%', textAlign: 'left', borderRadius: 2 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>{dark ? <LightModeIcon /> : <DarkModeIcon />}</ListItemIcon>
      <ListItemText primary={zh.theme.toggle} secondary={zh.theme.current(dark ? zh.theme.dark : zh.theme.light)} />
    </ListItemButton>
  );
}
