// Who is signed in: visitor or user, decided by whether the profile call succeeds (docs/product.md).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiGet, apiPost } from './api-client';
import { useHydrated } from './hydration';
import { clearToken, hasToken, pageReload } from './session';
import type { UserProfile } from './types';

export const currentUserQueryKey = ['user', 'profile'] as const;
/** Prefix of every query about the signed-in user (profile, points records): invalidate it after a purchase. */
export const userDataQueryKey = ['user'] as const;

export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserProfile | null> {
  if (!hasToken()) return null;
  try {
    return await apiGet<UserProfile>('/user/select', undefined, { signal, silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.isUnauthorized) {
      // A stale token (expired or revoked session): forget it; the visitor can log in again.
      clearToken();
      return null;
    }
    throw error;
  }
}

export interface CurrentUser {
  user: UserProfile | null;
  isLoggedIn: boolean;
  /** The profile has not answered yet (also while the app hydrates a page the build rendered: lib/hydration.ts). */
  isLoading: boolean;
}

export function useCurrentUser(): CurrentUser {
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 30_000,
  });
  // A part that hydrates after the profile has answered (lib/lazy-part.tsx) still hydrates what the build drew.
  const hydrated = useHydrated();
  const user = hydrated ? (query.data ?? null) : null;
  return { user, isLoggedIn: user !== null, isLoading: !hydrated || query.isPending };
}

/** Reloads the profile (after a payment, a redeem, a rename...). */
export function useRefreshCurrentUser(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: currentUserQueryKey }), [client]);
}

/** Logs out: revokes the session on the server (best effort), removes the token and reloads (docs/web.md). */
export async function logout(): Promise<void> {
  try {
    await apiPost<null>('/login/logout', undefined, { silent: true });
  } catch {
    // The token is dropped locally whatever the server said.
  }
  clearToken();
  pageReload.reload();
}
