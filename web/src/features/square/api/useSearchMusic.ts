import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { SongListItem } from '../../../lib/types';

export const SEARCH_PAGE_SIZE = 20;

/** GET /music/search: "fiery" (hot), "new", a genre label or style name, or a search word. */
export const searchMusicQuery = (keyword: string) => ({
  queryKey: ['music', 'search', keyword],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<SongListItem[]>('/music/search', { keyword, page: 1, size: SEARCH_PAGE_SIZE }, { signal }),
});

export function useSearchMusic(keyword: string, enabled: boolean) {
  return useQuery({ ...searchMusicQuery(keyword), enabled: enabled && keyword.length > 0 });
}
