// The stored login token and the "please log in" signal shared by the API client, the features and the login dialog.

/** localStorage key of the token; its value is sent as the Authorization header (docs/api.md). */
export const TOKEN_KEY = 'Authorization';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing stored, nothing to clear.
  }
}

export function hasToken(): boolean {
  return !!getToken();
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Subscribes to "the user must log in": fired by the API client on code 4010 (never on a message text),
 * and by any feature through requestLogin(). The auth feature's login dialog listens. Returns the unsubscribe function.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** Asks for the login dialog to open. */
export function requestLogin(): void {
  for (const listener of [...unauthorizedListeners]) listener();
}

/** Reloads the page (after login and logout, docs/web.md). Kept here so tests can replace it. */
export const pageReload = {
  reload: (): void => {
    window.location.reload();
  },
};
