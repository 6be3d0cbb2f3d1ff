import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { SongListItem } from '../../../lib/types';

/** The home page shows at most 8 new songs (docs/web.md). */
export const NEW_LIST_SIZE = 8;

/** GET /music/getNewMusic: public finished songs, newest first. */
export const newMusicQuery = (size = NEW_LIST_SIZE) => ({
  queryKey: ['music', 'new', size],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiGet<SongListItem[]>('/music/getNewMusic', { page: 1, size }, { signal })).slice(0, size),
});

export function useNewMusic(size = NEW_LIST_SIZE) {
  return useQuery(newMusicQuery(size));
}
