import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import type { UserProfile } from '../../../lib/types';
import { integralRecordsKey } from './useIntegralRecords';

/** What a redeemed code leaves the account with. */
export interface RedeemResult {
  integral: number;
  membershipLevel: number;
  expirationTime: string | null;
}

/** POST /user/redeem {code}: applies the code's points and plan; 4000 兑换码无效 otherwise (docs/api.md). */
export function redeemCode(code: string): Promise<RedeemResult> {
  return apiPost<RedeemResult>('/user/redeem', { code });
}

/** Redeems, shows the new points in the cached profile at once, then reloads the profile and the points records. */
export function useRedeem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: (result) => {
      client.setQueryData<UserProfile | null>(currentUserQueryKey, (old) => (old ? { ...old, ...result } : old));
      void client.invalidateQueries({ queryKey: currentUserQueryKey });
      void client.invalidateQueries({ queryKey: integralRecordsKey });
    },
  });
}
