import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** One line of the points ledger; `type` 1 is an increase, 2 a decrease (docs/api.md). */
export interface IntegralRecord {
  integral: number;
  type: number;
  balance: number;
  remark: string;
  createdAt: string;
}

export interface IntegralRecordPage {
  items: IntegralRecord[];
  total: number;
}

export const integralRecordsKey = ['user', 'integralRecords'] as const;

/** GET /user/integralRecords?page=&size=: one page (1-based) of the caller's points records, newest first. */
export const integralRecordsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...integralRecordsKey, page, size],
    queryFn: ({ signal }) => apiGet<IntegralRecordPage>('/user/integralRecords', { page, size }, { signal }),
  });

export function useIntegralRecords(page: number, size: number, enabled = true) {
  return useQuery({ ...integralRecordsQuery(page, size), enabled, placeholderData: keepPreviousData });
}
