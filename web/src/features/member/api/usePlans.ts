import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** A membership plan as GET /pay/plans returns it (prices in yuan). */
export interface Plan {
  id: number;
  name: string;
  price: number;
  integral: number;
  termOfValidity: string;
  integralGenerate: number;
  describe1: string;
  describe2: string;
  activity: boolean;
  originalPrice: number | null;
  level: number;
}

export const plansQuery = () =>
  queryOptions({
    queryKey: ['pay', 'plans'],
    queryFn: ({ signal }) => apiGet<Plan[]>('/pay/plans', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQuery());
}
