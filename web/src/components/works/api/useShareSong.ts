import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { UserSong } from '../../../lib/types';
import { worksKeys } from './keys';

export interface ShareResult {
  forward_count: number;
  url: string;
}

/** POST /music/share {nativeId} → {forward_count, url}: counts a share and returns the link to copy. */
export function useShareSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nativeId: string) => apiPost<ShareResult>('/music/share', { nativeId }),
    onSuccess: (data, nativeId) => {
      client.setQueriesData<UserSong[]>({ queryKey: worksKeys.lists }, (songs) =>
        songs?.map((s) => (s.native_id === nativeId ? { ...s, forward_count: data.forward_count } : s)),
      );
    },
  });
}
