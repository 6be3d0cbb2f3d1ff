import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../../lib/base64';
import { ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const playerPath = (id: string) => `/musicPlayer?${new URLSearchParams({ id: encodeBase64(id) })}`;

describe('player page', () => {
  it('shows the song with its Chinese genres and the lyric panel', async () => {
    let id: string | null = null;
    server.use(
      http.get('*/music/getMusic', ({ request }) => {
        id = new URL(request.url).searchParams.get('id');
        return ok({ nativeId: 's1', title: '晚风', userName: '小明', tags: 'pop,Female Vocal', imageUrl: '', lyric: '[Verse]\n晚风轻轻吹', duration: 125, audio: '/media/s1.mp3' });
      }),
    );
    renderApp(playerPath('s1'));
    expect(await screen.findByRole('heading', { level: 2, name: '晚风' })).toBeInTheDocument();
    expect(screen.getByText('流行')).toBeInTheDocument();
    expect(screen.getByText('女声')).toBeInTheDocument();
    expect(screen.getByText(/02:05/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '歌词' }));
    expect(await screen.findByText(/晚风轻轻吹/)).toBeVisible();
    expect(id).toBe('s1');
  });

  it('shows 歌曲已下架 when the song is hidden or deleted', async () => {
    server.use(http.get('*/music/getMusic', () => ok(null)));
    renderApp(playerPath('gone'));
    expect(await screen.findByRole('heading', { level: 2, name: '歌曲已下架' })).toBeInTheDocument();
    expect(screen.getByText('抱歉，歌曲已被作者隐藏或删除')).toBeInTheDocument();
  });

  it('says so when the song cannot be fetched', async () => {
    server.use(http.get('*/music/getMusic', () => HttpResponse.error()));
    renderApp(playerPath('s1'));
    expect(await screen.findByText('获取歌曲信息失败，请检查网络连接或稍后再试')).toBeInTheDocument();
  });
});
