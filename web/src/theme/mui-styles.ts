// MUI's styling engine as the app uses it: the one stage of the app's start (app/boot.tsx) that evaluates emotion and
// MUI's system (the `mui-styles` chunk, vite.config.ts). boot imports this module, not `@mui/material/styles`, because a
// dynamic import keeps every export of the module it names: the whole barrel would ship.
export { createTheme, ThemeProvider, useColorScheme } from '@mui/material/styles';
