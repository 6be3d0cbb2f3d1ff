// Style normalisation of custom mode, the server's rule (docs/product.md):
// full-width commas become commas, items are trimmed, empty items (and so a trailing comma) are dropped,
// Chinese genre labels become English style names, duplicates are removed keeping the first, and the gender
// choice puts "male vocal" / "female vocal" in front (random adds nothing). The limits and gender tags come from
// libdomain/data/rules.json; libdomain/data/style_cases.tsv holds the cases both implementations are tested against.
import { toEnglish } from './genres';
import { GENDER_TAGS as SHARED_GENDER_TAGS, LIMITS } from './rules';

export type Gender = 'random' | 'male' | 'female';

export const STYLE_MAX_LENGTH = LIMITS.styleChars;
export const STYLE_MAX_TAGS = LIMITS.styleTags;

export const GENDER_TAGS: Record<Gender, string | null> = {
  random: null,
  male: SHARED_GENDER_TAGS.male,
  female: SHARED_GENDER_TAGS.female,
};

/** Splits a style text on commas (half- or full-width) into trimmed, non-empty items. */
export function splitStyle(style: string): string[] {
  return style
    .replace(/，/g, ',')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The normalised style string sent upstream. `parts` are joined in order (e.g. selected genre tags, then the free text);
 * duplicates compare case-insensitively.
 */
export function normalizeStyle(parts: string | readonly string[], gender: Gender = 'random'): string {
  const items = (typeof parts === 'string' ? [parts] : parts).flatMap(splitStyle).map(toEnglish);
  const genderTag = GENDER_TAGS[gender];
  if (genderTag) items.unshift(genderTag);
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of items) {
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result.join(',');
}

/** Length in characters (Unicode code points), as the server counts. */
export function charLength(text: string): number {
  return Array.from(text).length;
}

/** True when the normalised style is within the style limit (120 characters). */
export function styleWithinLimit(normalized: string): boolean {
  return charLength(normalized) <= STYLE_MAX_LENGTH;
}
