import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { worksKeys } from './keys';

/** POST /music/deleteSong {nativeId}: removes one of the caller's songs; the lists and the count reload. */
export function useDeleteSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nativeId: string) => apiPost<null>('/music/deleteSong', { nativeId }),
    onSuccess: () => client.invalidateQueries({ queryKey: worksKeys.all }),
  });
}
