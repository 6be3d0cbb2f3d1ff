import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { isFinalPaymentResult, PAYMENT_POLL_MS, type PaymentResult } from './usePaymentResult';

/**
 * GET /pay/resultQuery?taskId=<request_id> every 3 s while `polling` (the pay dialog's QR). The order was just
 * created, so it starts as 0 (waiting) and the first call comes 3 s later. A final answer (1 or -1) stops the interval
 * as it lands. Failed polls are silent; the next one retries.
 */
export function usePayResultQuery(taskId: string | null, polling: boolean) {
  const active = !!taskId && polling;
  return useQuery({
    queryKey: ['pay', 'resultQuery', taskId],
    queryFn: ({ signal }) =>
      apiGet<PaymentResult>('/pay/resultQuery', { taskId: taskId ?? '' }, { signal, silent: true }),
    enabled: active,
    initialData: 0 as PaymentResult,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (query) => (active && !isFinalPaymentResult(query.state.data) ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
