// Starts the app in stages, each a chunk evaluated in a task of its own (docs/web-performance.md, "Few, large
// requests, evaluated in stages"): React, then MUI's styling engine, then the theme, then the rest of the app and the
// first render (./start). All of these chunks have already arrived (the entry preloads them after the first paint and
// imports this module once they have: main.tsx), so the stages cost no round trip; they only keep a slow phone's main
// thread from being held by one long task of script evaluation.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await import('react-dom/client');
await nextTask();
await import('../theme/mui-styles');
await nextTask();
await import('../theme/theme');
await nextTask();
await import('./start');
