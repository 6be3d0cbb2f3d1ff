import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { UserSong } from '../../../lib/types';
import { worksKeys } from './keys';

/** POST /music/like {nativeId, like} → {likeCount, liked}. */
export function useLikeSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nativeId, like }: { nativeId: string; like: boolean }) =>
      apiPost<{ likeCount: number; liked: boolean }>('/music/like', { nativeId, like }),
    onSuccess: (data, { nativeId }) => {
      client.setQueriesData<UserSong[]>({ queryKey: worksKeys.lists }, (songs) =>
        songs?.map((s) => (s.native_id === nativeId ? { ...s, likeCount: data.likeCount, liked: data.liked } : s)),
      );
    },
  });
}
