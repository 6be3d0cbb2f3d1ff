import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { SongDetail } from '../../../lib/types';
import { songDetailQuery } from './useSongDetail';

export interface ShareResult {
  forward_count: number;
  url: string;
}

/** POST /music/share {nativeId} → {forward_count, url}: counts a share and gives the link to copy. */
export function useShareMusic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nativeId: string) => apiPost<ShareResult>('/music/share', { nativeId }),
    onSuccess: (data, nativeId) => {
      client.setQueryData<SongDetail | null>(songDetailQuery(nativeId).queryKey, (song) =>
        song ? { ...song, forward_count: data.forward_count } : song,
      );
    },
  });
}
