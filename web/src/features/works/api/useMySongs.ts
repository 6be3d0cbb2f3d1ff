import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { UserSong } from '../../../lib/types';
import { worksKeys } from './keys';

export const WORKS_PAGE_SIZE = 20;

/** GET /music/song/list?page=n: the caller's songs, newest first, 20 a page. */
export const mySongsQuery = (page: number) =>
  queryOptions({
    queryKey: worksKeys.list(page),
    queryFn: ({ signal }) => apiGet<UserSong[]>('/music/song/list', { page }, { signal }),
  });

export function useMySongs(page: number, enabled: boolean) {
  return useQuery({ ...mySongsQuery(page), enabled, placeholderData: keepPreviousData });
}
