import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** 1 paid, 0 waiting, -1 no such order. */
export type PaymentResult = 1 | 0 | -1;

export const PAYMENT_POLL_MS = 3000;

/** Whether a poll's answer is final (paid, or no such order): polling stops on it. */
export const isFinalPaymentResult = (result: PaymentResult | undefined) => result === 1 || result === -1;

/**
 * GET /pay/resultTaskId?taskId=, polled every 3 s while `polling` and until an answer is final. The interval is
 * re-read as each answer lands, so a final one stops it at once, not only after the page has rendered it.
 */
export function usePaymentResult(taskId: string, polling: boolean) {
  return useQuery({
    queryKey: ['pay', 'resultTaskId', taskId],
    queryFn: ({ signal }) => apiGet<PaymentResult>('/pay/resultTaskId', { taskId }, { signal, silent: true }),
    enabled: taskId.length > 0,
    refetchInterval: (query) => (polling && !isFinalPaymentResult(query.state.data) ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}
