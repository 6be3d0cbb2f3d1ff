import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /pay/h5 with the plan id: `data` is the address of the mobile payment page to go to. */
export async function createH5Order(planId: number): Promise<string> {
  const url = await apiPost<unknown>('/pay/h5', planId);
  if (typeof url !== 'string' || !url) throw new Error('bad /pay/h5 answer');
  return url;
}

export function useH5Order() {
  return useMutation({ mutationFn: createH5Order });
}
