import type { QueryClient } from '@tanstack/react-query';
import { preload } from 'react-dom';
import type { UserSong } from '../../lib/types';
import { worksKeys } from './api/keys';
import { prefetchMySongCount } from './api/useMySongCount';
import { prefetchMySongs } from './api/useMySongs';

/** The cards whose covers load at once (WorkCard's `priority`): the cards on the first screen of a phone. */
export const PRIORITY_COVERS = 4;

/**
 * /mywork opened with a stored token (app/boot.tsx): the first page of songs and the count are requested beside the
 * profile (/user/select) instead of after it, and the first covers (the page's largest paint) as soon as the list
 * answers, before the cards render.
 */
export function prefetchMyWorks(client: QueryClient): void {
  void prefetchMySongCount(client);
  void prefetchMySongs(client, 1).then(() => {
    const songs = client.getQueryData<UserSong[]>(worksKeys.list(1)) ?? [];
    for (const song of songs.slice(0, PRIORITY_COVERS)) {
      if (song.complete === 1 && song.native_image_url) preload(song.native_image_url, { as: 'image', fetchPriority: 'high' });
    }
  });
}
