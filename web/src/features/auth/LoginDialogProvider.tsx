import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { onUnauthorized } from '../../lib/session';

// Loaded on first use, so its form components stay out of the initial bundle.
const LoginDialog = lazy(() => import('./components/LoginDialog'));

/**
 * Mounts the login dialog for the whole app and opens it whenever login is needed:
 * an API answer with code 4010, or any feature calling requestLogin() (lib/session).
 */
export function LoginDialogProvider({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(
    () =>
      onUnauthorized(() => {
        setWanted(true);
        setOpen(true);
      }),
    [],
  );
  return (
    <>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <LoginDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
