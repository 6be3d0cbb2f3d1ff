// Starts the app in stages, each a chunk evaluated in a task of its own (docs/web-performance.md, "Few, large
// requests, evaluated in stages"): React, then (on a page that uses MUI) MUI's styling engine and then the theme, then
// the rest of the app and the first render (./start). All of these chunks are already downloading (every route's page
// preloads them), so the stages cost no round trip; they only keep a slow phone's main thread from being held by one
// long task of script evaluation. The music square uses no MUI (docs/web-performance.md, "The first screen without
// MUI"), and its page preloads none.
import { usesMui } from './route-meta-lite';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await import('react-dom/client');
await nextTask();
if (usesMui(window.location.pathname)) {
  await import('@mui/material/styles');
  await nextTask();
  await import('../theme/MuiScope');
  await nextTask();
}
await import('./start');
