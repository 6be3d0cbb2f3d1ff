import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { decodeBase64 } from '../../lib/base64';
import { song } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { musicListHref } from './links';

describe('music list page', () => {
  it('searches with the decoded keyword and lists the songs under the cover and title', async () => {
    let keyword: string | null = null;
    server.use(
      http.get('*/music/search', ({ request }) => {
        keyword = new URL(request.url).searchParams.get('keyword');
        return ok([song('a', { title: '摇滚之夜', tags: 'Rock,Hard Rock' })]);
      }),
    );
    renderApp(musicListHref('摇滚', 'Rock'));
    expect(await screen.findByRole('heading', { level: 2, name: '摇滚' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '摇滚 封面' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /摇滚之夜/ })).toHaveTextContent('摇滚 · 硬摇滚');
    expect(keyword).toBe('Rock');
  });

  it('shows 加载中 while waiting, then 空空如也 for no result', async () => {
    server.use(
      http.get('*/music/search', async () => {
        await delay(50);
        return ok([]);
      }),
    );
    renderApp(musicListHref('新歌', 'new'));
    expect(await screen.findByText('正在奋力加载，精彩马上呈现~')).toBeInTheDocument();
    expect(await screen.findByText('空空如也')).toBeInTheDocument();
    expect(screen.getByText('这里什么也没有~')).toBeInTheDocument();
  });

  it('shows 加载失败 on a network error', async () => {
    server.use(http.get('*/music/search', () => HttpResponse.error()));
    renderApp(musicListHref('热门榜单', 'fiery'));
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络错误，请检查您的网络连接')).toBeInTheDocument();
  });

  it('stays loading on other failures (docs/web.md), with the server message as a toast', async () => {
    server.use(http.get('*/music/search', () => fail(4000, '关键词不能为空')));
    renderApp(musicListHref('x', 'y'));
    expect(await screen.findByText('关键词不能为空')).toBeInTheDocument();
    expect(screen.getByText('加载中')).toBeInTheDocument();
  });

  it('fetches nothing without img', async () => {
    // No /music/search handler: a request would fail the test (onUnhandledRequest: 'error').
    renderApp('/musicList');
    expect(await screen.findByText('空空如也')).toBeInTheDocument();
  });

  it('a row opens the player on the whole list at that row', async () => {
    server.use(
      http.get('*/music/search', () => ok([song('a'), song('b', { title: '第二首' }), song('c')])),
      http.get('*/music/getMusic', () => ok(null)),
    );
    const { location } = renderApp(musicListHref('电子', 'Electronic'));
    await userEvent.click(await screen.findByRole('link', { name: /^第二首/ }));
    expect(await screen.findByRole('heading', { level: 1, name: '播放器' })).toBeInTheDocument();
    const params = new URLSearchParams(location.current?.search);
    expect(location.current?.pathname).toBe('/musicPlayer');
    expect(decodeBase64(params.get('ids'))).toBe('a,b,c');
    expect(params.get('index')).toBe('1');
  });
});
