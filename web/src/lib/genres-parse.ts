// Parser of libdomain/data/genres.tsv, the one genre dictionary shared by the server and the web app.
// Format: UTF-8; lines starting with '#' are comments; `@group<TAB>key<TAB>中文标签` declares a picker group
// (in picker order); `groupKey<TAB>中文<TAB>English` is an entry of that group.

export interface GenreEntry {
  group: string;
  zh: string;
  en: string;
}

export interface GenreGroup {
  key: string;
  label: string;
  entries: GenreEntry[];
}

export function parseGenresTsv(tsv: string): GenreGroup[] {
  const groups: GenreGroup[] = [];
  const byKey = new Map<string, GenreGroup>();
  for (const rawLine of tsv.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (!rawLine.trim() || rawLine.trimStart().startsWith('#')) continue;
    const cells = rawLine.split('\t').map((c) => c.trim());
    if (cells.length !== 3 || cells.some((c) => !c)) throw new Error(`genres.tsv: bad line: ${rawLine}`);
    const [first, second, third] = cells as [string, string, string];
    if (first === '@group') {
      if (byKey.has(second)) throw new Error(`genres.tsv: group declared twice: ${second}`);
      const group: GenreGroup = { key: second, label: third, entries: [] };
      byKey.set(second, group);
      groups.push(group);
      continue;
    }
    const group = byKey.get(first);
    if (!group) throw new Error(`genres.tsv: entry of an undeclared group: ${rawLine}`);
    group.entries.push({ group: first, zh: second, en: third });
  }
  return groups;
}
