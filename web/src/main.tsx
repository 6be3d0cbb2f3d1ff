// The entry: deliberately tiny. It sets the colour scheme class, lets the browser paint the app shell of index.html,
// and only then starts the app (app/boot.tsx, whose chunks the route's page already preloads), so the first paint never
// waits for the app's JavaScript to run (docs/web-performance.md).
import { startEarlyFetches, storedToken } from './lib/early-fetch';
import { initColorScheme } from './theme/init-color-scheme';
import './ui/ui.css';

initColorScheme();
// The first screen's data is asked for now, while the app's JavaScript downloads (lib/early-fetch.ts).
startEarlyFetches(window.location.pathname, storedToken(), Date.now(), window.location.search);
const boot = () => void import('./app/boot');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(boot, 0));
else boot();
