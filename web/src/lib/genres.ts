// The genre dictionary (Chinese label ↔ English style name), read at build time from the single source of truth
// that the C++ server embeds too, so the two never disagree (docs/product.md).
import tsv from '../../../libdomain/data/genres.tsv?raw';
import { type GenreEntry, type GenreGroup, parseGenresTsv } from './genres-parse';

export type { GenreEntry, GenreGroup } from './genres-parse';

const GROUPS: readonly GenreGroup[] = parseGenresTsv(tsv);
const ZH_TO_EN = new Map<string, string>();
const EN_TO_ZH = new Map<string, string>();
for (const group of GROUPS) {
  for (const entry of group.entries) {
    if (!ZH_TO_EN.has(entry.zh)) ZH_TO_EN.set(entry.zh, entry.en);
    const en = entry.en.toLowerCase();
    if (!EN_TO_ZH.has(en)) EN_TO_ZH.set(en, entry.zh);
  }
}

/** The picker groups in order, each with its entries. */
export function groups(): readonly GenreGroup[] {
  return GROUPS;
}

/** Every entry, in picker order (an entry listed in two groups appears twice). */
export function entries(): GenreEntry[] {
  return GROUPS.flatMap((g) => g.entries);
}

/** The English style name of a Chinese label; anything unknown (already English, free text) is returned unchanged. */
export function toEnglish(label: string): string {
  const trimmed = label.trim();
  return ZH_TO_EN.get(trimmed) ?? trimmed;
}

/** The Chinese label of an English style name (case-insensitive); unknown names are returned unchanged. */
export function toChinese(style: string): string {
  const trimmed = style.trim();
  return EN_TO_ZH.get(trimmed.toLowerCase()) ?? trimmed;
}

/** A comma separated style string ("Pop, male vocal") as Chinese labels for display (["流行", "男声"]). */
export function displayTags(tags: string | null | undefined): string[] {
  if (!tags) return [];
  return tags
    .split(/[,，]/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0)
    .map(toChinese);
}
