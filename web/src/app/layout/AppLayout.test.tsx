import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/handlers';
import { setViewportWidth } from '../../testing/match-media';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const SIDE_ITEMS = ['音乐广场', '创作', '我的作品', '个人中心', '联系我们', '关于', '常见问题'];

describe('layout', () => {
  it('shows the permanent side menu at 1280 px and wider, without the top bar or bottom tabs', async () => {
    setViewportWidth(1280);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    for (const name of SIDE_ITEMS) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /^切换主题/ })).toBeInTheDocument();
    // 会员 only for signed-in users.
    expect(within(nav).queryByRole('link', { name: '会员' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '底部导航' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打开菜单' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: '音乐广场' })).toBeInTheDocument();
  });

  it('shows the top bar and the bottom tabs below 1280 px, and the drawer holds the same menu', async () => {
    setViewportWidth(1279);
    renderApp('/');
    const tabs = await screen.findByRole('navigation', { name: '底部导航' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['首页', '创作', '我的作品', '我的']);
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
    expect(screen.getByText('歌曲', { selector: 'header *' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    for (const name of SIDE_ITEMS) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();

    // Choosing an item navigates and closes the drawer.
    await userEvent.click(within(nav).getByRole('link', { name: '常见问题' }));
    expect(await screen.findByRole('heading', { level: 1, name: '常见问题' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument());
  });

  it('switches layout when the window crosses 1280 px', async () => {
    setViewportWidth(1920);
    renderApp('/about');
    expect(await screen.findByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    setViewportWidth(375);
    expect(await screen.findByRole('navigation', { name: '底部导航' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
  });

  it('marks the current bottom tab and navigates with it', async () => {
    setViewportWidth(375);
    renderApp('/');
    const tabs = await screen.findByRole('navigation', { name: '底部导航' });
    expect(within(tabs).getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(tabs).getByRole('link', { name: '我的' }));
    expect(await screen.findByRole('heading', { level: 1, name: '个人中心' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: '我的' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the user panel and 会员 when signed in', async () => {
    window.localStorage.setItem('Authorization', 'tok');
    server.use(
      http.get('*/user/select', () =>
        ok({
          id: 'u1',
          nickname: '小明',
          integral: 12345,
          avatarUrl: null,
          membershipLevel: 2,
          expirationTime: '2025-01-01',
          phone: '138****0000',
        }),
      ),
    );
    setViewportWidth(1440);
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    expect(await within(nav).findByRole('link', { name: '会员' })).toBeInTheDocument();
    expect(within(nav).getByText('小明')).toBeInTheDocument();
    expect(within(nav).getByText('积分 1.2w')).toBeInTheDocument();
    expect(within(nav).getByTitle('会员皇冠')).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: '登录' })).not.toBeInTheDocument();
  });

  it('forgets a stale token and shows the visitor menu', async () => {
    window.localStorage.setItem('Authorization', 'expired');
    setViewportWidth(1440);
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    expect(await within(nav).findByRole('button', { name: '登录' })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('Authorization')).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the login dialog from the menu', async () => {
    setViewportWidth(1440);
    renderApp('/about');
    await userEvent.click(await screen.findByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(within(dialog).getByLabelText(/手机号/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/验证码/)).toBeInTheDocument();
  });
});

describe('routes', () => {
  it.each([
    ['/', '音乐广场'],
    ['/create', '创作'],
    ['/mywork', '我的作品'],
    ['/member', '会员'],
    ['/profile', '个人中心'],
    ['/payment?taskId=T1', '支付结果'],
    ['/musicPlayer', '播放器'],
    ['/musicList', '歌曲列表'],
    ['/contactUs', '联系我们'],
    ['/about', '关于我们'],
    ['/faq', '常见问题'],
  ])('%s shows the h1 %s', async (path, heading) => {
    server.use(http.get('*/pay/resultTaskId', () => ok(0)));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} - 歌曲`));
  });

  it('shows the Chinese 404 page with a link home for unknown routes', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '返回首页' }));
    expect(await screen.findByRole('heading', { level: 1, name: '音乐广场' })).toBeInTheDocument();
  });

  it('redirects /payment without taskId to /', async () => {
    const { location } = renderApp('/payment');
    expect(await screen.findByRole('heading', { level: 1, name: '音乐广场' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/');
  });
});
