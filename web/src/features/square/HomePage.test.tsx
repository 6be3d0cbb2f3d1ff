import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '../../lib/base64';
import { globalAudio, playTo, setDuration } from '../../testing/audio';
import { song } from '../../testing/fixtures';
import { ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { HOME_PROMPTS } from './prompts';

describe('home page', () => {
  it('shows 空空如也 in both lists when the square is empty', async () => {
    renderApp('/');
    const hot = await screen.findByRole('region', { name: '热门榜单' });
    const latest = screen.getByRole('region', { name: '最新歌曲' });
    expect(await within(hot).findByText('空空如也')).toBeInTheDocument();
    expect(await within(latest).findByText('空空如也')).toBeInTheDocument();
    expect(within(latest).getByText('这里什么也没有~')).toBeInTheDocument();
  });

  it('lists hot and new songs from the API with Chinese genres and counts, linking to the player', async () => {
    const queries: Record<string, string> = {};
    server.use(
      http.get('*/music/getPopularMusic', ({ request }) => {
        queries.popular = new URL(request.url).search;
        return ok([song('h1', { title: '夏夜的海边', play_count: 12345, likeCount: 1500, tags: 'pop, Cinematic' })]);
      }),
      http.get('*/music/getNewMusic', ({ request }) => {
        queries.latest = new URL(request.url).search;
        return ok(Array.from({ length: 10 }, (_, i) => song(`n${i}`)));
      }),
    );
    renderApp('/');
    const hot = await screen.findByRole('region', { name: '热门榜单' });
    const link = await within(hot).findByRole('link', { name: /夏夜的海边/ });
    expect(link).toHaveTextContent('流行 · 电影感');
    expect(link).toHaveTextContent('1.2w');
    expect(link).toHaveTextContent('1.5k');
    // A row opens the player on its list as a playlist, at that row.
    expect(link).toHaveAccessibleName(/^夏夜的海边/);
    const href = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/musicPlayer');
    expect(decodeBase64(href.searchParams.get('ids'))).toBe('h1');
    expect(href.searchParams.get('index')).toBeNull();

    const latest = screen.getByRole('region', { name: '最新歌曲' });
    // At most 8 new songs.
    // The rows after the first four render a task later (lib/deferred.tsx useProgressiveCount).
    await waitFor(() => expect(within(latest).getAllByRole('link', { name: /歌曲n/ })).toHaveLength(8));
    const third = new URL(
      within(latest)
        .getByRole('link', { name: /^歌曲n2/ })
        .getAttribute('href') ?? '',
      'http://x',
    );
    expect(decodeBase64(third.searchParams.get('ids'))).toBe('n0,n1,n2,n3,n4,n5,n6,n7');
    expect(third.searchParams.get('index')).toBe('2');
    expect(queries).toEqual({ popular: '?page=1&size=10', latest: '?page=1&size=8' });
  });

  it('shows 加载失败 when the network fails', async () => {
    server.use(http.get('*/music/getPopularMusic', () => HttpResponse.error()));
    renderApp('/');
    const hot = await screen.findByRole('region', { name: '热门榜单' });
    expect(await within(hot).findByText('加载失败')).toBeInTheDocument();
    expect(within(hot).getByText('网络错误，请检查您的网络连接')).toBeInTheDocument();
  });

  it('links the eight genre cards to /musicList', async () => {
    renderApp('/');
    const genres = await screen.findByRole('region', { name: '风格分类' });
    // The cards render in a task after the page's first (lib/deferred.tsx).
    const links = await within(genres).findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['流行', '摇滚', '电子', '古典', '说唱', '金属', '男声', '女声']);
    const url = new URL(links[1]!.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/musicList');
    expect(decodeBase64(url.searchParams.get('type'))).toBe('摇滚');
    expect(decodeBase64(url.searchParams.get('keyword'))).toBe('Rock');
    expect(decodeBase64(url.searchParams.get('img'))).toBeTruthy();
  });

  it('quick start goes to /create with the description in base64', async () => {
    const { location } = renderApp('/');
    await userEvent.type(await screen.findByLabelText('描述你想要的歌曲'), '一首关于夏天的歌');
    await userEvent.click(screen.getByRole('button', { name: '开始创作' }));
    expect(await screen.findByRole('heading', { level: 1, name: '创作' })).toBeInTheDocument();
    expect(location.current?.search).toBe(`?${new URLSearchParams({ keywords: encodeBase64('一首关于夏天的歌') })}`);
    expect(await screen.findByLabelText('歌词描述')).toHaveValue('一首关于夏天的歌');
  });

  it('opens the player for a shared link /?id=', async () => {
    server.use(http.get('*/music/getMusic', () => ok(null)));
    const { location } = renderApp(`/?id=${encodeURIComponent(encodeBase64('s9'))}`);
    expect(await screen.findByRole('heading', { level: 1, name: '播放器' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/musicPlayer');
  });

  it('invites to create when the square has no public song', async () => {
    renderApp('/');
    expect(await screen.findByText('广场上还没有公开的歌曲，快来创作第一首吧')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去创作' })).toHaveAttribute('href', '/create');
  });

  it('shows three of the 21 prompts; 换一批 shows three others; a prompt opens /create with it', async () => {
    const { location } = renderApp('/');
    const group = await screen.findByRole('group', { name: '灵感推荐' });
    const names = () =>
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent ?? '');
    const first = names();
    expect(first).toHaveLength(3);
    for (const p of first) expect(HOME_PROMPTS).toContain(p);
    await userEvent.click(screen.getByRole('button', { name: '换一批' }));
    const second = names();
    expect(second).toHaveLength(3);
    expect(second.filter((p) => first.includes(p))).toEqual([]);

    await userEvent.click(within(group).getByRole('button', { name: second[1] }));
    expect(await screen.findByRole('heading', { level: 1, name: '创作' })).toBeInTheDocument();
    expect(decodeBase64(new URLSearchParams(location.current?.search).get('keywords'))).toBe(second[1]);
    expect(await screen.findByLabelText('歌词描述')).toHaveValue(second[1]);
  });

  it('searching a word opens its list page', async () => {
    let keyword: string | null = null;
    server.use(
      http.get('*/music/search', ({ request }) => {
        keyword = new URL(request.url).searchParams.get('keyword');
        return ok([song('s1', { title: '月光下的海' })]);
      }),
    );
    const { location } = renderApp('/');
    await userEvent.type(await screen.findByRole('textbox', { name: '搜索歌曲' }), '月光');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByRole('link', { name: /^月光下的海/ })).toBeInTheDocument();
    const params = new URLSearchParams(location.current?.search);
    expect(location.current?.pathname).toBe('/musicList');
    expect(decodeBase64(params.get('type'))).toBe('搜索：月光');
    expect(decodeBase64(params.get('keyword'))).toBe('月光');
    expect(decodeBase64(params.get('img'))).toBe('/covers/list-default.svg');
    expect(keyword).toBe('月光');
    expect(screen.getByRole('heading', { level: 2, name: '搜索：月光' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '搜索歌曲' })).toHaveValue('月光');
  });

  it('a row button plays the song in place with the mini player; the playing one pauses; another replaces it', async () => {
    const plays: unknown[] = [];
    server.use(
      http.get('*/music/getPopularMusic', () => ok([song('h1', { title: '夏夜' }), song('h2', { title: '冬雪' })])),
      http.post('*/music/addNumberOfViews', async ({ request }) => {
        plays.push(await request.json());
        return ok({ play_count: 1 });
      }),
    );
    renderApp('/');
    expect(screen.queryByRole('region', { name: '迷你播放器' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '播放 夏夜' }));
    const audio = globalAudio();
    expect(audio.getAttribute('src')).toBe('/media/h1.mp3');
    const mini = await screen.findByRole('region', { name: '迷你播放器' });
    expect(within(mini).getByText('夏夜')).toBeInTheDocument();
    expect(within(mini).getByRole('button', { name: '播放/暂停' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(plays).toEqual([{ nativeId: 'h1' }]));

    // Clicking the playing song pauses it.
    await userEvent.click(screen.getByRole('button', { name: '暂停 夏夜' }));
    expect(audio.paused).toBe(true);
    expect(within(mini).getByRole('button', { name: '播放/暂停' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: '播放 夏夜' })).toBeInTheDocument();

    // The mini player resumes it.
    await userEvent.click(within(mini).getByRole('button', { name: '播放/暂停' }));
    expect(audio.paused).toBe(false);
    expect(screen.getByRole('button', { name: '暂停 夏夜' })).toBeInTheDocument();

    // Another song replaces it; still one audio element.
    await userEvent.click(screen.getByRole('button', { name: '播放 冬雪' }));
    expect(audio.getAttribute('src')).toBe('/media/h2.mp3');
    expect(within(mini).getByText('冬雪')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '播放 夏夜' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '暂停 冬雪' })).toBeInTheDocument();
    expect(document.querySelectorAll('audio')).toHaveLength(1);

    // The progress line follows the audio; 打开播放器 opens the player on the song, where the bar steps aside.
    act(() => {
      setDuration(audio, 200);
      playTo(audio, 50);
    });
    expect(within(mini).getByRole('progressbar', { hidden: true })).toHaveAttribute('aria-valuenow', '25');
    const open = within(mini).getByRole('link', { name: '打开播放器' });
    expect(decodeBase64(new URL(open.getAttribute('href') ?? '', 'http://x').searchParams.get('id'))).toBe('h2');
  });
});
