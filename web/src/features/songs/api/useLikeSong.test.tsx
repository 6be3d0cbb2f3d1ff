import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { SongDetail, SongListItem, UserSong } from '../../../lib/types';
import { song, userSong } from '../../../testing/fixtures';
import { ok } from '../../../testing/handlers';
import { server } from '../../../testing/server';
import { worksKeys } from '../../works/api/keys';
import { songKeys } from './keys';
import { useLikeSong } from './useLikeSong';
import { useShareSong } from './useShareSong';

const detail: SongDetail = {
  nativeId: 's1',
  title: '夏夜',
  userName: '用户',
  tags: 'pop',
  imageUrl: '',
  lyric: '',
  duration: 100,
  audio: '/media/s1.mp3',
  likeCount: 1,
  liked: false,
  forward_count: 0,
};

/** A query client holding song s1 in the player's detail, the user's works page 1 and the square's hot list. */
function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(songKeys.detail('s1'), detail);
  client.setQueryData(worksKeys.list(1), [
    userSong('s1', { likeCount: 1, liked: false, forward_count: 0 }),
    userSong('s2'),
  ]);
  client.setQueryData(['music', 'popular', 10], [song('s3'), song('s1', { likeCount: 1, forward_count: 0 })]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('one hook per song endpoint (features/songs)', () => {
  it('POST /music/like: the answer reaches the player, the works list and the square list', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/music/like', async ({ request }) => {
        bodies.push(await request.json());
        return ok({ likeCount: 2, liked: true });
      }),
    );
    const { client, wrapper } = seeded();
    const { result } = renderHook(() => useLikeSong(), { wrapper });
    await act(() => result.current.mutateAsync({ nativeId: 's1', like: true }));
    expect(bodies).toEqual([{ nativeId: 's1', like: true }]);
    expect(client.getQueryData<SongDetail>(songKeys.detail('s1'))).toMatchObject({ likeCount: 2, liked: true });
    expect(client.getQueryData<UserSong[]>(worksKeys.list(1))?.[0]).toMatchObject({ likeCount: 2, liked: true });
    const square = client.getQueryData<SongListItem[]>(['music', 'popular', 10]);
    expect(square?.[1]).toMatchObject({ likeCount: 2, liked: true });
    // Other songs and lists without the song stay as they were (the same objects).
    expect(square?.[0]).toEqual(song('s3'));
  });

  it('POST /music/share: the new share count reaches every cached copy and the link is given back', async () => {
    server.use(http.post('*/music/share', () => ok({ forward_count: 5, url: 'http://localhost/musicPlayer?id=s1' })));
    const { client, wrapper } = seeded();
    const { result } = renderHook(() => useShareSong(), { wrapper });
    let url = '';
    await act(async () => {
      url = (await result.current.mutateAsync('s1')).url;
    });
    expect(url).toBe('http://localhost/musicPlayer?id=s1');
    await waitFor(() => expect(client.getQueryData<SongDetail>(songKeys.detail('s1'))?.forward_count).toBe(5));
    expect(client.getQueryData<UserSong[]>(worksKeys.list(1))?.[0]?.forward_count).toBe(5);
    expect(client.getQueryData<SongListItem[]>(['music', 'popular', 10])?.[1]?.forward_count).toBe(5);
  });
});
