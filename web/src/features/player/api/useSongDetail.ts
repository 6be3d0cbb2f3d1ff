import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { SongDetail } from '../../../lib/types';
import { songKeys } from '../../songs/api/keys';

/** GET /music/getMusic?id=: the player detail, or null when the song is hidden, deleted or unfinished. */
export const songDetailQuery = (id: string) =>
  queryOptions({
    queryKey: songKeys.detail(id),
    queryFn: ({ signal }) => apiGet<SongDetail | null>('/music/getMusic', { id }, { signal, silent: true }),
  });

export function useSongDetail(id: string | null) {
  return useQuery({ ...songDetailQuery(id ?? ''), enabled: !!id });
}
