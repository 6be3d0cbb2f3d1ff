// Loads MUI (./MuiScope.tsx: the theme, the styling engine) when the first part of the app that uses it is wanted, and
// tells the app's root, which then mounts the theme's stylesheet (MuiSheet; app/providers.tsx).
import { type ComponentType, lazy, useSyncExternalStore } from 'react';

type MuiModule = typeof import('./MuiScope');

let module: MuiModule | null = null;
let loading: Promise<MuiModule> | null = null;
const listeners = new Set<() => void>();

/** Loads MUI once; resolves with ./MuiScope.tsx. */
export function loadMui(): Promise<MuiModule> {
  loading ??= import('./MuiScope').then((loaded) => {
    module = loaded;
    listeners.forEach((listener) => listener());
    return loaded;
  });
  return loading;
}

/** ./MuiScope.tsx once loaded (re-renders the caller when it arrives), else null. */
export function useMuiModule(): MuiModule | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => module,
    () => null,
  );
}

/** Loads a module's default component together with MUI, and renders it inside a MuiScope. */
export function loadWithMui<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Promise<{ default: ComponentType<P> }> {
  return Promise.all([load(), loadMui()]).then(([loaded, mui]) => ({ default: mui.withMuiScope(loaded.default) }));
}

/** React.lazy for a component that uses MUI (a form dialog). */
export function lazyWithMui<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadWithMui(load));
}
