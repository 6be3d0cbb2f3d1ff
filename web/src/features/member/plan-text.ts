import { CREATE_COST, SONGS_PER_CREATE } from '../../lib/rules';
import type { Plan } from './api/usePlans';

/** Plan text (docs/product.md): songs = points / 10 (the create cost) × 2 (the songs a create makes). */
export function planSongs(plan: Pick<Plan, 'integral'>): number {
  return Math.floor(plan.integral / CREATE_COST) * SONGS_PER_CREATE;
}

/** Price per song = price / songs, two decimals ("" when the plan makes no song). */
export function pricePerSong(plan: Pick<Plan, 'integral' | 'price'>): string {
  const songs = planSongs(plan);
  return songs > 0 ? (plan.price / songs).toFixed(2) : '';
}
