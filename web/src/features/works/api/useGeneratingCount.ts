import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { worksKeys } from './keys';

/** docs/web.md: the generating count is polled every 10 seconds. */
export const GENERATION_POLL_MS = 10_000;

/**
 * GET /music/song/generateNumber: how many of the caller's songs are still generating, fetched every 10 s while
 * `enabled` (something generates and the page is visible). Polling errors stay silent: the next tick tries again.
 */
export function useGeneratingCount(enabled: boolean) {
  return useQuery({
    queryKey: worksKeys.generating,
    queryFn: ({ signal }) => apiGet<number>('/music/song/generateNumber', undefined, { signal, silent: true }),
    enabled,
    staleTime: 0,
    refetchInterval: enabled ? GENERATION_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}
