// What the 工作室 menu offers for a song (docs/web.md, "Studio"; the rules are docs/product.md's): pure, so it is tested
// without rendering. The requests are POST /music/api/create/ace actions stems, all_stems and cover, and the MIDI and
// stems ZIP downloads (docs/api.md).
import type { SongOrigin } from '../../lib/types';
import type { StudioBody } from '../create/form';

/** The song the menu acts on, from a work card or the player. */
export interface StudioSong {
  id: string;
  title: string;
  origin: SongOrigin;
  /** The viewer's own song (stems are split from one's own songs only). */
  mine: boolean;
  /** Finished stems of it are known (a work card saw them on its page): the ZIP of them is offered. */
  hasStems: boolean;
  /** For a stem, the song it was split from (its ZIP holds this stem and its siblings). */
  sourceId?: string;
}

export type StudioItem = 'stems' | 'allStems' | 'midi' | 'cover' | 'stemsZip' | 'stemsZipWav';

export const isStem = (origin: SongOrigin) => origin === 'stems' || origin === 'all_stems';

/**
 * The menu's items in order. Stems: one's own songs, not a stem again, not a joined whole song. A cover: a newly
 * created song (origin generate), one's own or a public one. MIDI: any song the viewer may play (members). The stems
 * ZIP: a song with known stems, or a stem (its source's stems); its WAV for members.
 */
export function studioItems(song: StudioSong, member: boolean): StudioItem[] {
  const items: StudioItem[] = [];
  const stem = isStem(song.origin);
  if (song.mine && !stem && song.origin !== 'concat') items.push('stems', 'allStems');
  items.push('midi');
  if (song.origin === 'generate') items.push('cover');
  if (song.mine && (song.hasStems || (stem && song.sourceId))) {
    items.push('stemsZip');
    if (member) items.push('stemsZipWav');
  }
  return items;
}

/** The body of POST /music/api/create/ace for a split. */
export function stemsBody(songId: string, four: boolean): StudioBody {
  return { action: four ? 'all_stems' : 'stems', audio_id: songId };
}

/** The body for a cover: the new style (chips normalised as the create form sends them) and an optional title. */
export function coverBody(songId: string, style: string, title: string): StudioBody {
  return { action: 'cover', audio_id: songId, style, title: title.trim() };
}
