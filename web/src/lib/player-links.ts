// Player addresses (docs/web.md /musicPlayer): id is base64 of one song id; ids is base64 of a comma list (a playlist).
// Our addition: index, a plain number, picks the track a playlist starts at (a list row opens the player on the whole
// list, at the row clicked); without it a playlist starts at 0 as docs/web.md says.
import { decodeBase64, encodeBase64 } from './base64';

/** /musicPlayer for one song: it loads without starting. */
export function playerHref(songId: string): string {
  return `/musicPlayer?${new URLSearchParams({ id: encodeBase64(songId) }).toString()}`;
}

/** /musicPlayer for a playlist starting at `index`: the track plays once loaded. */
export function playlistHref(songIds: readonly string[], index = 0): string {
  const params = new URLSearchParams({ ids: encodeBase64(songIds.join(',')) });
  if (index > 0) params.set('index', String(index));
  return `/musicPlayer?${params.toString()}`;
}

export interface PlayerQuery {
  ids: string[];
  /** ids came as a playlist (ids=…) rather than one song (id=…). */
  playlist: boolean;
  /** The first track's index (0 unless index names a track of the playlist). */
  index: number;
}

/** The songs of a player address: ids first, else id; nothing when neither decodes. */
export function parsePlayerQuery(params: URLSearchParams): PlayerQuery {
  const list = decodeBase64(params.get('ids'));
  if (list) {
    const ids = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length > 0) {
      const raw = params.get('index');
      const n = raw != null && /^\d+$/.test(raw) ? Number(raw) : 0;
      return { ids, playlist: true, index: n < ids.length ? n : 0 };
    }
  }
  const one = decodeBase64(params.get('id'))?.trim();
  return one ? { ids: [one], playlist: false, index: 0 } : { ids: [], playlist: false, index: 0 };
}
