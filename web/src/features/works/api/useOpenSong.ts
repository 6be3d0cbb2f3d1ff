import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { UserSong } from '../../../lib/types';
import { worksKeys } from './keys';

/** POST /music/openSong {openId, nativeId} → {open}: makes a song public (1) or private (0). */
export function useOpenSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nativeId, open }: { nativeId: string; open: 0 | 1 }) =>
      apiPost<{ open: 0 | 1 | boolean }>('/music/openSong', { openId: open, nativeId }),
    onSuccess: (data, { nativeId, open }) => {
      const next: 0 | 1 = data && typeof data === 'object' && 'open' in data ? (Number(data.open) === 1 ? 1 : 0) : open;
      // Show the new state at once, then reload the lists in the background.
      client.setQueriesData<UserSong[]>({ queryKey: worksKeys.lists }, (songs) =>
        songs?.map((s) => (s.native_id === nativeId ? { ...s, open: next } : s)),
      );
      return client.invalidateQueries({ queryKey: worksKeys.lists });
    },
  });
}
