import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { patchCachedSong } from './cache';

export interface ShareResult {
  forward_count: number;
  url: string;
}

/**
 * POST /music/share {nativeId} → {forward_count, url}: counts a share and gives the link to copy. The new count is
 * written wherever the song is cached: the player's detail and the lists (the user's works, the square).
 */
export function useShareSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nativeId: string) => apiPost<ShareResult>('/music/share', { nativeId }),
    onSuccess: (data, nativeId) => {
      const counts = { forward_count: data.forward_count };
      patchCachedSong(client, nativeId, counts, counts);
    },
  });
}
