import { act, fireEvent, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { encodeBase64 } from '../../lib/base64';
import { playerHref, playlistHref } from '../../lib/player-links';
import { TOKEN_KEY } from '../../lib/session';
import type { SongDetail } from '../../lib/types';
import { endTrack, globalAudio, playTo, setDuration } from '../../testing/audio';
import { lyricTimeline, profile, song as listSong, timedSongDetail } from '../../testing/fixtures';
import { fail, lrcHandler, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { expectToast } from '../../testing/toast';

const playerPath = (id: string) => `/musicPlayer?${new URLSearchParams({ id: encodeBase64(id) })}`;

function detail(id: string, overrides: Partial<SongDetail> = {}): SongDetail {
  return {
    nativeId: id,
    title: `歌${id}`,
    userName: '小明',
    tags: 'pop',
    imageUrl: `/media/${id}.svg`,
    lyric: '',
    duration: 100,
    audio: `/media/${id}.mp3`,
    likeCount: 3,
    liked: false,
    play_count: 0,
    forward_count: 0,
    ...overrides,
  };
}

/** Serves getMusic from `songs` (null for any other id) and records the plays counted. */
function serveSongs(songs: SongDetail[], missing: string[] = []) {
  const plays: string[] = [];
  server.use(
    http.get('*/music/getMusic', ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      if (missing.includes(id ?? '')) return ok(null);
      return ok(songs.find((s) => s.nativeId === id) ?? null);
    }),
    http.post('*/music/addNumberOfViews', async ({ request }) => {
      plays.push(((await request.json()) as { nativeId: string }).nativeId);
      return ok({ play_count: plays.length });
    }),
  );
  return plays;
}

const playPause = () => screen.getByRole('button', { name: '播放/暂停' });
const playMock = () => vi.mocked(HTMLMediaElement.prototype.play);
const pauseMock = () => vi.mocked(HTMLMediaElement.prototype.pause);

describe('player page', () => {
  it('shows the song with its Chinese genres and the lyric panel', async () => {
    let id: string | null = null;
    server.use(
      http.get('*/music/getMusic', ({ request }) => {
        id = new URL(request.url).searchParams.get('id');
        return ok({
          nativeId: 's1',
          title: '晚风',
          userName: '小明',
          tags: 'pop,Female Vocal',
          imageUrl: '',
          lyric: '[Verse]\n晚风轻轻吹',
          duration: 125,
          audio: '/media/s1.mp3',
        });
      }),
    );
    renderApp(playerPath('s1'));
    expect(await screen.findByRole('heading', { level: 2, name: '晚风' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '播放器' })).toBeInTheDocument();
    // The genres are a part of the page (components/PlayerTags.tsx), drawn once its code has come.
    expect(await screen.findByText('流行')).toBeInTheDocument();
    expect(screen.getByText('女声')).toBeInTheDocument();
    expect(screen.getByText('02:05')).toBeInTheDocument();
    expect(screen.getByText('00:00')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '歌词' }));
    expect(await screen.findByText(/晚风轻轻吹/)).toBeVisible();
    expect(id).toBe('s1');
  });

  it('shows 加载中 while the song loads', async () => {
    server.use(http.get('*/music/getMusic', () => new Promise<never>(() => undefined)));
    renderApp(playerPath('s1'));
    expect(await screen.findByRole('heading', { level: 2, name: '加载中' })).toBeInTheDocument();
    expect(playPause()).toBeDisabled();
  });

  it('shows 歌曲已下架 when the song is hidden or deleted', async () => {
    server.use(http.get('*/music/getMusic', () => ok(null)));
    renderApp(playerPath('gone'));
    expect(await screen.findByRole('heading', { level: 2, name: '歌曲已下架' })).toBeInTheDocument();
    expect(await screen.findByText('抱歉，歌曲已被作者隐藏或删除')).toBeInTheDocument();
  });

  it('says so when the song cannot be fetched', async () => {
    server.use(http.get('*/music/getMusic', () => HttpResponse.error()));
    renderApp(playerPath('s1'));
    expect(await screen.findByText('获取歌曲信息失败，请检查网络连接或稍后再试')).toBeInTheDocument();
  });

  it('a single song loads without starting and counts no play; play/pause toggles it', async () => {
    const plays = serveSongs([detail('s1')]);
    renderApp(playerHref('s1'));
    expect(await screen.findByRole('heading', { level: 2, name: '歌s1' })).toBeInTheDocument();
    const audio = globalAudio();
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/media/s1.mp3'));
    expect(playMock()).not.toHaveBeenCalled();
    expect(playPause()).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(playPause());
    expect(playPause()).toHaveAttribute('aria-pressed', 'true');
    expect(audio.paused).toBe(false);
    await userEvent.click(playPause());
    expect(playPause()).toHaveAttribute('aria-pressed', 'false');
    expect(audio.paused).toBe(true);
    expect(plays).toEqual([]);
    // The page has the full controls: no mini player bar on it.
    expect(screen.queryByRole('region', { name: '迷你播放器' })).not.toBeInTheDocument();
  });

  it('a playlist plays from index 0 and counts each start; previous and next stop at the bounds with 提示', async () => {
    const plays = serveSongs([detail('a'), detail('b')]);
    renderApp(playlistHref(['a', 'b']));
    expect(await screen.findByRole('heading', { level: 2, name: '歌a' })).toBeInTheDocument();
    await waitFor(() => expect(playPause()).toHaveAttribute('aria-pressed', 'true'));
    const audio = globalAudio();
    expect(audio.getAttribute('src')).toBe('/media/a.mp3');
    await waitFor(() => expect(plays).toEqual(['a']));
    expect(screen.getByText('第 1 / 2 首')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '上一首' }));
    const first = await screen.findByRole('alert', { name: '提示' });
    expect(first).toHaveTextContent('已经是第一首了');
    await userEvent.click(within(first).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('alert', { name: '提示' })).not.toBeInTheDocument();
    expect(playPause()).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '下一首' }));
    expect(await screen.findByRole('heading', { level: 2, name: '歌b' })).toBeInTheDocument();
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/media/b.mp3'));
    await waitFor(() => expect(playPause()).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(plays).toEqual(['a', 'b']));

    await userEvent.click(screen.getByRole('button', { name: '下一首' }));
    const last = await screen.findByRole('alert', { name: '提示' });
    expect(last).toHaveTextContent('已经是最后一首了');
    // The bar closes by itself after 2 seconds.
    await waitForElementToBeRemoved(() => screen.queryByRole('alert', { name: '提示' }), { timeout: 4000 });

    await userEvent.click(screen.getByRole('button', { name: '上一首' }));
    expect(await screen.findByRole('heading', { level: 2, name: '歌a' })).toBeInTheDocument();
    await waitFor(() => expect(plays).toEqual(['a', 'b', 'a']));
    expect(document.querySelectorAll('audio')).toHaveLength(1);
  });

  it('a playlist may start at the row the list page clicked', async () => {
    serveSongs([detail('a'), detail('b'), detail('c')]);
    renderApp(playlistHref(['a', 'b', 'c'], 2));
    expect(await screen.findByRole('heading', { level: 2, name: '歌c' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一首' }));
    expect(await screen.findByRole('alert', { name: '提示' })).toHaveTextContent('已经是最后一首了');
    await userEvent.click(screen.getByRole('button', { name: '上一首' }));
    expect(await screen.findByRole('heading', { level: 2, name: '歌b' })).toBeInTheDocument();
  });

  it('skips past a song that is gone', async () => {
    serveSongs([detail('a'), detail('c')], ['b']);
    renderApp(playlistHref(['a', 'b', 'c']));
    expect(await screen.findByRole('heading', { level: 2, name: '歌a' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一首' }));
    expect(await screen.findByRole('heading', { level: 2, name: '歌曲已下架' })).toBeInTheDocument();
    expect(globalAudio().paused).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '下一首' }));
    expect(await screen.findByRole('heading', { level: 2, name: '歌c' })).toBeInTheDocument();
    await waitFor(() => expect(playPause()).toHaveAttribute('aria-pressed', 'true'));
  });

  it('follows the playhead; ±10 s seek; the slider pauses while moved and resumes at the new place; the end turns it off', async () => {
    serveSongs([detail('s1', { duration: 99 })]);
    renderApp(playerHref('s1'));
    await screen.findByRole('heading', { level: 2, name: '歌s1' });
    const audio = globalAudio();
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/media/s1.mp3'));
    await userEvent.click(playPause());
    act(() => {
      setDuration(audio, 100);
      playTo(audio, 30);
    });
    const slider = screen.getByRole('slider', { name: '播放进度' });
    expect(slider).toHaveValue('30');
    expect(slider).toHaveAttribute('aria-valuetext', '00:30 / 01:40');
    expect(screen.getByText('00:30')).toBeInTheDocument();
    expect(screen.getByText('01:40')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '前进10秒' }));
    expect(audio.currentTime).toBe(40);
    act(() => playTo(audio, 40));
    await userEvent.click(screen.getByRole('button', { name: '后退10秒' }));
    expect(audio.currentTime).toBe(30);
    act(() => playTo(audio, 95));
    await userEvent.click(screen.getByRole('button', { name: '前进10秒' }));
    expect(audio.currentTime).toBe(100);
    act(() => playTo(audio, 30));

    // A change of MUI's slider input (the keyboard, or a screen reader's adjustment) is a move and its release at
    // once: the song pauses while it moves and resumes at the new place. (jsdom cannot drag; e2e drags the bar.)
    pauseMock().mockClear();
    playMock().mockClear();
    fireEvent.input(slider, { target: { value: '60' } });
    expect(pauseMock()).toHaveBeenCalledTimes(1);
    expect(playMock()).toHaveBeenCalledTimes(1);
    expect(pauseMock().mock.invocationCallOrder[0]).toBeLessThan(playMock().mock.invocationCallOrder[0]!);
    expect(audio.currentTime).toBe(60);
    fireEvent.input(slider, { target: { value: '100' } });
    expect(audio.currentTime).toBe(100);
    expect(audio.paused).toBe(false);
    expect(playPause()).toHaveAttribute('aria-pressed', 'true');

    act(() => endTrack(audio));
    expect(playPause()).toHaveAttribute('aria-pressed', 'false');
  });

  it('opening the song already playing (the mini player) keeps it playing', async () => {
    serveSongs([detail('h1', { title: '夏夜' })]);
    server.use(http.get('*/music/getPopularMusic', () => ok([listSong('h1', { title: '夏夜' })])));
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: '播放 夏夜' }));
    const mini = await screen.findByRole('region', { name: '迷你播放器' });
    await userEvent.click(within(mini).getByRole('link', { name: '打开播放器' }));
    expect(await screen.findByRole('heading', { level: 2, name: '夏夜' })).toBeInTheDocument();
    await waitFor(() => expect(playPause()).toHaveAttribute('aria-pressed', 'true'));
    expect(globalAudio().paused).toBe(false);
    expect(screen.queryByRole('region', { name: '迷你播放器' })).not.toBeInTheDocument();
  });

  it('like needs login: a visitor gets the login dialog', async () => {
    serveSongs([detail('s1')]);
    server.use(http.post('*/music/like', () => fail(4010, '请先登录')));
    renderApp(playerHref('s1'));
    await userEvent.click(await screen.findByRole('button', { name: /^点赞/ }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });

  it('members get 无损 WAV (format=wav, saved as <title>.wav); free users do not see it', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    serveSongs([detail('s1', { title: '夏夜' })]);
    const asked: string[] = [];
    server.use(
      http.get('*/user/select', () => ok(profile({ membershipLevel: 1 }))),
      http.get('*/music/download', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('id')} ${params.get('format')} ${request.headers.get('Authorization')}`);
        return new HttpResponse(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { headers: { 'Content-Type': 'audio/wav' } });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:wav'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { unmount } = renderApp(playerHref('s1'));
    await userEvent.click(await screen.findByRole('button', { name: '下载无损 WAV（会员专享）' }));
    await waitFor(() => expect(saved).toEqual(['夏夜.wav']));
    expect(asked).toEqual(['s1 wav tok']);
    click.mockRestore();
    unmount();

    server.use(http.get('*/user/select', () => ok(profile({ membershipLevel: 0 }))));
    renderApp(playerHref('s1'));
    await screen.findByRole('button', { name: /^点赞/ });
    expect(screen.queryByRole('button', { name: '下载无损 WAV（会员专享）' })).not.toBeInTheDocument();
  });

  it('a signed-in user likes and unlikes; the count follows the server', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    const bodies: unknown[] = [];
    serveSongs([detail('s1', { likeCount: 3 })]);
    server.use(
      http.get('*/user/select', () => ok(profile())),
      http.post('*/music/like', async ({ request }) => {
        const body = (await request.json()) as { like: boolean };
        bodies.push(body);
        return ok({ likeCount: body.like ? 4 : 3, liked: body.like });
      }),
    );
    renderApp(playerHref('s1'));
    const like = await screen.findByRole('button', { name: /^点赞/ });
    expect(like).toHaveTextContent('3');
    await userEvent.click(like);
    const unlike = await screen.findByRole('button', { name: /^取消点赞/ });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    expect(unlike).toHaveTextContent('4');
    await userEvent.click(unlike);
    expect(await screen.findByRole('button', { name: /^点赞/ })).toHaveTextContent('3');
    expect(bodies).toEqual([
      { nativeId: 's1', like: true },
      { nativeId: 's1', like: false },
    ]);
  });

  it('synced lyrics: open at first, the sung line follows the playhead, and a line plays from its start', async () => {
    serveSongs([timedSongDetail('t1')]);
    renderApp(playerHref('t1'));
    expect(await screen.findByRole('heading', { level: 2, name: '海风' })).toBeInTheDocument();
    const audio = globalAudio();
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/media/t1.mp3'));
    expect(screen.getByRole('button', { name: '歌词' })).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: '同步歌词' });
    const lines = within(list).getAllByRole('button');
    expect(lines.map((b) => b.getAttribute('aria-label'))).toEqual([
      '跳到 00:12：夏夜的海风吹过',
      '跳到 00:15：浪花一朵朵',
      '跳到 00:42：我们唱着歌',
    ]);
    const sung = () => within(list).queryAllByRole('button', { current: true });
    expect(sung()).toEqual([]);

    await userEvent.click(playPause());
    act(() => {
      setDuration(audio, 60);
      playTo(audio, 13.3);
    });
    expect(sung()).toEqual([lines[0]]);
    expect(lines[0]).toHaveAttribute('aria-current', 'true');
    // The words sung so far are lit: 夏夜的海 at 13.3 s.
    const lit = () => Array.from(lines[0]!.querySelectorAll('[data-sung="true"]'), (e) => e.textContent).join('');
    expect(lit()).toBe('夏夜的海');
    act(() => playTo(audio, 14.6));
    expect(lit()).toBe('夏夜的海风吹过');

    act(() => playTo(audio, 16));
    expect(sung()).toEqual([lines[1]]);
    expect(lines[0]).not.toHaveAttribute('aria-current');
    // The instrumental gap between 19.2 s and 42 s: no line is sung.
    act(() => playTo(audio, 30));
    expect(sung()).toEqual([]);

    // Clicking a later line seeks to its start and plays from there.
    await userEvent.click(playPause());
    expect(audio.paused).toBe(true);
    await userEvent.click(lines[2]!);
    expect(audio.currentTime).toBe(42);
    expect(audio.paused).toBe(false);
    expect(playPause()).toHaveAttribute('aria-pressed', 'true');
    act(() => playTo(audio, 42.5));
    expect(sung()).toEqual([lines[2]]);

    // The keyboard too: Enter on a line.
    lines[1]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(audio.currentTime).toBe(15.5);
  });

  it('without a timeline: the plain lyrics (or 纯音乐，请欣赏) in a closed panel, and no LRC download', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    server.use(http.get('*/user/select', () => ok(profile({ membershipLevel: 1 }))));
    serveSongs([
      detail('p1', { lyric: '[Verse]\n晚风轻轻吹', timeline: null }),
      detail('p2', { lyric: '  ', timeline: null }),
    ]);
    const { unmount } = renderApp(playerHref('p1'));
    const header = await screen.findByRole('button', { name: '歌词' });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(header);
    expect(await screen.findByText(/晚风轻轻吹/)).toBeVisible();
    expect(screen.queryByRole('list', { name: '同步歌词' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载无损 WAV（会员专享）' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下载歌词（LRC）' })).not.toBeInTheDocument();
    unmount();

    renderApp(playerHref('p2'));
    await userEvent.click(await screen.findByRole('button', { name: '歌词' }));
    expect(await screen.findByText('纯音乐，请欣赏')).toBeVisible();
  });

  it('with a timeline, 下载歌词 saves <title>.lrc from /music/lrc (with the token); a refusal shows its message', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    server.use(http.get('*/user/select', () => ok(profile())));
    serveSongs([timedSongDetail('t1', { title: '海风' }), timedSongDetail('t2', { title: '别人的歌' })]);
    const asked: string[] = [];
    server.use(lrcHandler({ t1: { title: '海风', timeline: lyricTimeline() } }, asked));
    const saved: { name: string; text: Promise<string> }[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push({ name: '', text: blob.text() });
        return 'blob:lrc';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    const { unmount } = renderApp(playerHref('t1'));
    await userEvent.click(await screen.findByRole('button', { name: '下载歌词（LRC）' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['海风.lrc']));
    expect(await saved[0]!.text).toMatch(/^\[ti:海风\]\n\[00:12\.34\]夏夜的海风吹过\n/);
    expect(asked).toEqual(['t1 tok']);
    unmount();

    renderApp(playerHref('t2'));
    await userEvent.click(await screen.findByRole('button', { name: '下载歌词（LRC）' }));
    await expectToast('歌曲不存在');
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });

  it('share copies the link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serveSongs([detail('s1')]);
    server.use(
      http.post('*/music/share', () => ok({ forward_count: 1, url: 'http://127.0.0.1:8080/musicPlayer?id=czE%3D' })),
    );
    renderApp(playerHref('s1'));
    await userEvent.click(await screen.findByRole('button', { name: '分享' }));
    await expectToast('链接已复制');
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:8080/musicPlayer?id=czE%3D');
  });
});
