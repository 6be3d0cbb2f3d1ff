// The toasts' hand-over point (docs/web-performance.md): notistack is loaded with the first toast rather than with the
// page. notify() (lib/api-client) queues a toast here; the queue asks app/providers to mount the lazy toaster
// (app/Toaster.tsx), which shows what was queued and every later toast at once.
import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'error' | 'success' | 'warning' | 'info';
export interface Toast {
  message: string;
  variant: ToastVariant;
}

let pending: Toast[] = [];
let show: ((toast: Toast) => void) | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a toast now when the toaster is mounted, else queues it and asks for the toaster. */
export function showToast(toast: Toast): void {
  if (show) {
    show(toast);
    return;
  }
  pending.push(toast);
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
}

/** Called by the mounted toaster: shows the queued toasts; returns the detach function. */
export function attachToaster(display: (toast: Toast) => void): () => void {
  show = display;
  const queued = pending;
  pending = [];
  queued.forEach(display);
  return () => {
    if (show === display) show = null;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast has been asked for (then the toaster is mounted and stays). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
