import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../testing/handlers';
import { renderWithProviders } from '../testing/render';
import { server } from '../testing/server';
import { ApiError, apiGet } from './api-client';
import { encodeBase64 } from './base64';
import {
  EARLY_FETCH_MAX_AGE_MS,
  EARLY_TOKEN_KEY,
  earlyPathsFor,
  resetEarlyFetches,
  startEarlyFetches,
  storedToken,
  takeEarlyFetch,
} from './early-fetch';
import { TOKEN_KEY } from './session';

const at = (path: string) => new URL(path, window.location.origin).toString();

describe('early fetches', () => {
  let calls: { path: string; auth: string | null }[];
  beforeEach(() => {
    renderWithProviders(<></>);
    resetEarlyFetches();
    calls = [];
    server.use(
      http.get('*/user/select', ({ request }) => {
        calls.push({ path: '/user/select', auth: request.headers.get('Authorization') });
        return ok({ phoneNumber: '13800000000', userId: 7 });
      }),
      http.get('*/music/song/list', ({ request }) => {
        calls.push({
          path: '/music/song/list' + new URL(request.url).search,
          auth: request.headers.get('Authorization'),
        });
        return ok([]);
      }),
      http.get('*/music/song/listNumber', ({ request }) => {
        calls.push({ path: '/music/song/listNumber', auth: request.headers.get('Authorization') });
        return fail(4010, '请先登录');
      }),
    );
  });
  afterEach(() => resetEarlyFetches());

  it('reads the token where the session keeps it', () => {
    expect(EARLY_TOKEN_KEY).toBe(TOKEN_KEY);
    window.localStorage.setItem(TOKEN_KEY, 'tok-1');
    expect(storedToken()).toBe('tok-1');
  });

  it('asks early only for /mywork: the profile, the first works page and the count', () => {
    expect(earlyPathsFor('/')).toEqual([]);
    expect(earlyPathsFor('/profile')).toEqual([]);
    expect(earlyPathsFor('/mywork')).toEqual(['/user/select', '/music/song/list?page=1', '/music/song/listNumber']);
  });

  it('sends nothing without a token', async () => {
    startEarlyFetches('/mywork', null);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });

  it('lets the API client take each answer over once, with the same token, instead of asking again', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok-9');
    startEarlyFetches('/mywork', 'tok-9');
    await expect(apiGet('/music/song/list', { page: 1 })).resolves.toEqual([]);
    await expect(apiGet('/user/select')).resolves.toMatchObject({ userId: 7 });
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/music/song/list?page=1',
      '/music/song/listNumber',
      '/user/select',
    ]);
    expect(calls.every((c) => c.auth === 'tok-9')).toBe(true);
    // Taken once: the next read of the same page is a request of its own.
    await apiGet('/music/song/list', { page: 1 });
    expect(calls.filter((c) => c.path === '/music/song/list?page=1')).toHaveLength(2);
  });

  it('reports an early answer that failed the way a request of its own would', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok-9');
    startEarlyFetches('/mywork', 'tok-9');
    const error = await apiGet('/music/song/listNumber', undefined, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isUnauthorized).toBe(true);
    expect(calls.filter((c) => c.path === '/music/song/listNumber')).toHaveLength(1);
  });

  it('starts loading the covers of the first finished works once their page arrives', async () => {
    const song = (id: string, complete: number, cover: string | null) => ({
      native_id: id,
      complete,
      native_image_url: cover,
    });
    server.use(
      http.get('*/music/song/list', () =>
        ok([
          song('a', 1, '/media/a.svg'),
          song('b', 0, '/media/b.svg'),
          song('c', -1, '/media/c.svg'),
          song('d', 1, null),
          song('e', 1, '/media/e.svg'),
          song('f', 1, '/media/f.svg'),
        ]),
      ),
    );
    startEarlyFetches('/mywork', 'tok-9');
    // `as` and `fetchPriority` are properties reflecting their attributes in browsers; jsdom has no such properties.
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')]
        .filter((l) => l.as === 'image' && l.fetchPriority === 'high')
        .map((l) => l.getAttribute('href'));
    await expect.poll(preloads).toEqual(['/media/a.svg']);
    // The API client still reads the whole answer.
    await expect(apiGet('/music/song/list', { page: 1 })).resolves.toHaveLength(6);
    document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
  });

  it('asks early for the song of a one-song player link, signed in or not, and starts loading its cover', async () => {
    const asked: { id: string | null; auth: string | null }[] = [];
    server.use(
      http.get('*/music/getMusic', ({ request }) => {
        asked.push({ id: new URL(request.url).searchParams.get('id'), auth: request.headers.get('Authorization') });
        return ok({ nativeId: 'song 1+', imageUrl: '/media/p.svg' });
      }),
    );
    const search = `?id=${encodeBase64('song 1+')}`;
    expect(earlyPathsFor('/musicPlayer', search, false)).toEqual(['/music/getMusic?id=song+1%2B']);
    expect(earlyPathsFor('/musicPlayer', `?ids=${encodeBase64('a,b')}&index=1`, true)).toEqual([]);
    expect(earlyPathsFor('/musicPlayer', '?id=***', true)).toEqual([]);
    expect(earlyPathsFor('/mywork', '', false)).toEqual([]);

    startEarlyFetches('/musicPlayer', null, search);
    // `as` and `fetchPriority` are properties reflecting their attributes in browsers; jsdom has no such properties.
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')]
        .filter((l) => l.as === 'image' && l.fetchPriority === 'high')
        .map((l) => l.getAttribute('href'));
    await expect.poll(preloads).toEqual(['/media/p.svg']);
    // The page's own request takes the early answer over instead of asking again.
    await expect(apiGet('/music/getMusic', { id: 'song 1+' })).resolves.toMatchObject({ imageUrl: '/media/p.svg' });
    expect(asked).toEqual([{ id: 'song 1+', auth: null }]);
    document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
  });

  it("asks for nothing on a song list (its page's HTML holds the cover)", () => {
    startEarlyFetches('/musicList', null, `?type=x&keyword=y&img=${btoa('/covers/pop.svg')}`, 0);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  });

  it('gives nothing for another token or after its time', () => {
    startEarlyFetches('/mywork', 'tok-a', '', 1_000);
    expect(takeEarlyFetch(at('/user/select'), 'tok-b', 1_001)).toBeUndefined();
    expect(takeEarlyFetch(at('/music/song/list?page=1'), 'tok-a', 1_000 + EARLY_FETCH_MAX_AGE_MS + 1)).toBeUndefined();
    expect(takeEarlyFetch(at('/music/song/listNumber'), 'tok-a', 1_500)).toBeDefined();
    expect(takeEarlyFetch(at('/music/song/listNumber'), 'tok-a', 1_600)).toBeUndefined();
  });
});
