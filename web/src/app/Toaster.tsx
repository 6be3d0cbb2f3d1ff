import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToaster } from '../lib/toast';

/** Toasts last 2 seconds (docs/product.md). */
export const TOAST_DURATION_MS = 2000;

/** The toasts (notistack), loaded and mounted with the first one (lib/toast.ts). */
export default function Toaster() {
  useEffect(() => attachToaster(({ message, variant }) => enqueueSnackbar(message, { variant })), []);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_DURATION_MS}
      preventDuplicate
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    />
  );
}
