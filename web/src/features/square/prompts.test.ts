import { describe, expect, it } from 'vitest';
import { HOME_PROMPTS, pickPrompts } from './prompts';

/** A repeatable random sequence. */
function seeded(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe('home prompts', () => {
  it('has 21 different prompts', () => {
    expect(HOME_PROMPTS).toHaveLength(21);
    expect(new Set(HOME_PROMPTS).size).toBe(21);
  });

  it('picks three different prompts of the 21', () => {
    for (let seed = 1; seed < 50; seed++) {
      const picked = pickPrompts(seeded(seed));
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      for (const p of picked) expect(HOME_PROMPTS).toContain(p);
    }
  });

  it('a new set shares no prompt with the one showing', () => {
    for (let seed = 1; seed < 50; seed++) {
      const random = seeded(seed);
      const first = pickPrompts(random);
      const next = pickPrompts(random, first);
      expect(next.filter((p) => first.includes(p))).toEqual([]);
    }
    // The extremes of random() stay within the list.
    expect(pickPrompts(() => 0)).toEqual(HOME_PROMPTS.slice(0, 3));
    expect(pickPrompts(() => 0.999999)).toEqual([...HOME_PROMPTS].reverse().slice(0, 3));
  });

  it('falls back to the whole pool when too few others remain', () => {
    expect(pickPrompts(() => 0, ['x', 'y'], ['x', 'y', 'z'])).toEqual(['x', 'y', 'z']);
  });
});
