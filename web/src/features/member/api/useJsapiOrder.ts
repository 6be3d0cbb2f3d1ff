import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /pay/jsapi with the plan id: `data.order_url` is the page inside WeChat that starts the payment. */
export async function createJsapiOrder(planId: number): Promise<string> {
  const data = await apiPost<{ order_url?: unknown } | null>('/pay/jsapi', planId);
  const url = data?.order_url;
  if (typeof url !== 'string' || !url) throw new Error('bad /pay/jsapi answer');
  return url;
}

export function useJsapiOrder() {
  return useMutation({ mutationFn: createJsapiOrder });
}
