import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { worksKeys } from './keys';

/** GET /music/song/listNumber: how many songs the caller has (for the pagination). */
export const mySongCountQuery = () =>
  queryOptions({
    queryKey: worksKeys.count,
    queryFn: ({ signal }) => apiGet<number>('/music/song/listNumber', undefined, { signal }),
  });

/** Starts loading the count before the page renders, silently (as prefetchMySongs). */
export function prefetchMySongCount(client: QueryClient): Promise<void> {
  return client.prefetchQuery({
    ...mySongCountQuery(),
    queryFn: ({ signal }) => apiGet<number>('/music/song/listNumber', undefined, { signal, silent: true }),
  });
}

export function useMySongCount(enabled: boolean) {
  return useQuery({ ...mySongCountQuery(), enabled });
}
