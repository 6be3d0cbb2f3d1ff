import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { SongListItem } from '../../../lib/types';

export const HOT_LIST_SIZE = 10;

/** GET /music/getPopularMusic: public finished songs by hotness. */
export const popularMusicQuery = (size = HOT_LIST_SIZE) => ({
  queryKey: ['music', 'popular', size],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<SongListItem[]>('/music/getPopularMusic', { page: 1, size }, { signal }),
});

export function usePopularMusic(size = HOT_LIST_SIZE) {
  return useQuery(popularMusicQuery(size));
}
