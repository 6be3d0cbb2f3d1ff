import type { Plan } from './api/usePlans';

/** Plan text (docs/product.md): songs = points / 10 × 2. */
export function planSongs(plan: Pick<Plan, 'integral'>): number {
  return Math.floor(plan.integral / 10) * 2;
}

/** Price per song = price / songs, two decimals ("" when the plan makes no song). */
export function pricePerSong(plan: Pick<Plan, 'integral' | 'price'>): string {
  const songs = planSongs(plan);
  return songs > 0 ? (plan.price / songs).toFixed(2) : '';
}
