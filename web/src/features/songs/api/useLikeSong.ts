import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { patchCachedSong } from './cache';

export interface LikeResult {
  likeCount: number;
  liked: boolean;
}

/**
 * POST /music/like {nativeId, like} → {likeCount, liked} (login needed: 4010 opens the login dialog). The answer is
 * written wherever the song is cached: the player's detail and the lists (the user's works, the square).
 */
export function useLikeSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nativeId, like }: { nativeId: string; like: boolean }) =>
      apiPost<LikeResult>('/music/like', { nativeId, like }),
    onSuccess: (data, { nativeId }) => {
      const counts = { likeCount: data.likeCount, liked: data.liked };
      patchCachedSong(client, nativeId, counts, counts);
    },
  });
}
