import { useMutation, useQueryClient } from '@tanstack/react-query';
import { worksKeys } from '../../works/api/keys';
import { requestEnvelope } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import type { ConcatBody, CreateBody, StudioBody } from '../form';

export interface CreateResult {
  taskId: string;
  songIds: string[];
}

/**
 * POST /music/api/create/ace: submits a song (10 points). Resolves with the whole envelope, whose message
 * (任务提交成功，扣除积分：10) is shown; failures (4000, 4010 → login dialog, 4020, 4220, 4290, 5020) are toasted by the
 * API client. The user's lists (new generating songs) and the profile (points) reload. Also joins an extension chain
 * (a ConcatBody: free, one song; features/works/api/useJoinSong.ts) and sends the 工作室's stems and covers (a
 * StudioBody; features/studio).
 */
export function useCreateSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBody | ConcatBody | StudioBody) =>
      requestEnvelope<CreateResult>('/music/api/create/ace', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: worksKeys.all }),
        client.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
