import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import type { UserProfile } from '../../../lib/types';

export interface UpdateUserNameInput {
  id: string;
  nickname: string;
}

/** POST /user/updateUserName {id, nickname}: answers the updated profile, which replaces the cached one. */
export function updateUserName(input: UpdateUserNameInput): Promise<UserProfile> {
  return apiPost<UserProfile>('/user/updateUserName', input);
}

export function useUpdateUserName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUserName,
    onSuccess: (updated, input) => {
      client.setQueryData<UserProfile | null>(currentUserQueryKey, (old) =>
        old ? { ...old, ...(updated ?? {}), nickname: updated?.nickname ?? input.nickname } : old,
      );
    },
  });
}
