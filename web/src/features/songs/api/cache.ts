import type { QueryClient } from '@tanstack/react-query';
import type { SongDetail, SongListItem } from '../../../lib/types';
import { songKeys } from './keys';

/**
 * Writes a song's new counts wherever it is cached: the player's detail and every cached list holding it (the user's
 * works, the square's lists), so that no page shows the old number once the server has answered.
 */
export function patchCachedSong(
  client: QueryClient,
  nativeId: string,
  detail: Partial<SongDetail>,
  listItem: Partial<SongListItem>,
): void {
  client.setQueryData<SongDetail | null>(songKeys.detail(nativeId), (song) => (song ? { ...song, ...detail } : song));
  client.setQueriesData<unknown>({ predicate: (query) => Array.isArray(query.state.data) }, (data: unknown) => {
    const songs = data as SongListItem[];
    if (!songs.some((s) => s?.native_id === nativeId)) return data;
    return songs.map((s) => (s?.native_id === nativeId ? { ...s, ...listItem } : s));
  });
}
