import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '../../lib/base64';
import { song } from '../../testing/fixtures';
import { ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

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
    const href = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/musicPlayer');
    expect(decodeBase64(href.searchParams.get('id'))).toBe('h1');

    const latest = screen.getByRole('region', { name: '最新歌曲' });
    // At most 8 new songs.
    await within(latest).findByRole('link', { name: /歌曲n0/ });
    expect(within(latest).getAllByRole('link', { name: /歌曲n/ })).toHaveLength(8);
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
    const links = within(genres).getAllByRole('link');
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
    expect(screen.getByLabelText('歌词描述')).toHaveValue('一首关于夏天的歌');
  });

  it('opens the player for a shared link /?id=', async () => {
    server.use(http.get('*/music/getMusic', () => ok(null)));
    const { location } = renderApp(`/?id=${encodeURIComponent(encodeBase64('s9'))}`);
    expect(await screen.findByRole('heading', { level: 1, name: '播放器' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/musicPlayer');
  });
});
