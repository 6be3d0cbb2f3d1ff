import { useMySongCount } from './api/useMySongCount';
import { useMySongs, WORKS_PAGE_SIZE } from './api/useMySongs';

/** One page of the signed-in user's songs with the total (listNumber) and whether any shown song is generating. */
export function useMyWorks(page: number, enabled: boolean) {
  const songs = useMySongs(page, enabled);
  const count = useMySongCount(enabled);
  const generating = songs.data?.some((s) => s.complete === 0) ?? false;
  const pages = Math.max(1, Math.ceil((count.data ?? 0) / WORKS_PAGE_SIZE));
  return { songs, count, generating, pages };
}

export type MyWorks = ReturnType<typeof useMyWorks>;
