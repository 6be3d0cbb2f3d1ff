import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** 1 paid, 0 waiting, -1 no such order. */
export type PaymentResult = 1 | 0 | -1;

export const PAYMENT_POLL_MS = 3000;

/** GET /pay/resultTaskId?taskId=, polled every 3 s while `polling`. */
export function usePaymentResult(taskId: string, polling: boolean) {
  return useQuery({
    queryKey: ['pay', 'resultTaskId', taskId],
    queryFn: ({ signal }) => apiGet<PaymentResult>('/pay/resultTaskId', { taskId }, { signal, silent: true }),
    enabled: taskId.length > 0,
    refetchInterval: polling ? PAYMENT_POLL_MS : false,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}
