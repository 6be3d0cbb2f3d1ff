import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { SongDetail } from '../../../lib/types';
import { songDetailQuery } from './useSongDetail';

export interface LikeResult {
  likeCount: number;
  liked: boolean;
}

/** POST /music/like {nativeId, like} → {likeCount, liked} (login needed: 4010 opens the login dialog). */
export function useLikeMusic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nativeId, like }: { nativeId: string; like: boolean }) =>
      apiPost<LikeResult>('/music/like', { nativeId, like }),
    onSuccess: (data, { nativeId }) => {
      client.setQueryData<SongDetail | null>(songDetailQuery(nativeId).queryKey, (song) =>
        song ? { ...song, likeCount: data.likeCount, liked: data.liked } : song,
      );
    },
  });
}
