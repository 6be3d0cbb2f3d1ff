import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { worksKeys } from './keys';

/** GET /music/song/listNumber: how many songs the caller has (for the pagination). */
export const mySongCountQuery = () =>
  queryOptions({
    queryKey: worksKeys.count,
    queryFn: ({ signal }) => apiGet<number>('/music/song/listNumber', undefined, { signal }),
  });

export function useMySongCount(enabled: boolean) {
  return useQuery({ ...mySongCountQuery(), enabled });
}
