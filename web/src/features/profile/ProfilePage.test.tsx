import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { pageReload, TOKEN_KEY } from '../../lib/session';
import type { UserProfile } from '../../lib/types';
import { profile } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

/** Logs in as a user with this profile and opens /profile. */
async function openProfile(overrides: Partial<UserProfile> = {}) {
  window.localStorage.setItem(TOKEN_KEY, 'tok');
  const user = profile(overrides);
  server.use(http.get('*/user/select', () => ok(user)));
  renderApp('/profile');
  await screen.findByRole('button', { name: '退出登录' });
  return user;
}

/** The value shown under a field label of the profile card (手机号, 积分, 会员等级, 会员有效期). */
function field(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function main() {
  return screen.getByRole('main');
}

describe('profile page: visitors', () => {
  it('asks visitors to log in, and 登录 opens the login dialog', async () => {
    renderApp('/profile');
    expect(await screen.findByText('登录后查看')).toBeInTheDocument();
    expect(within(main()).queryByRole('button', { name: '退出登录' })).not.toBeInTheDocument();
    await userEvent.click(within(main()).getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });

  it('draws the prompt and the loading state in one box until the profile answers; the prompt stays the same element', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/user/select', async () => {
        await answered;
        return fail(4010, '请先登录');
      }),
    );
    window.localStorage.setItem(TOKEN_KEY, 'stale');
    const { container } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: '个人中心' });
    // The entry's hint (lib/session-hint.ts) picks which one shows; both are drawn, with nothing marked known.
    const box = container.querySelector('.gq-session')!;
    expect(box).not.toHaveAttribute('data-session');
    const prompt = box.querySelector('.gq-session-visitor')!;
    expect(prompt).toHaveTextContent('登录后即可查看个人资料、积分与会员信息。');
    const login = within(prompt as HTMLElement).getByRole('button', { name: '登录' });
    expect(box.querySelector('.gq-session-user [role="status"]')).not.toBeNull();
    answer();
    // Known to be a visitor: the same box shows the same prompt alone, the loading state has gone.
    await waitFor(() => expect(box).toHaveAttribute('data-session', 'visitor'));
    expect(box.isConnected).toBe(true);
    expect(box.querySelector('.gq-session-user')).toBeNull();
    expect(within(main()).getByRole('button', { name: '登录' })).toBe(login);
  });
});

describe('profile page: what it shows', () => {
  it('level 0: 普通用户, no crown, no expiry', async () => {
    await openProfile({
      nickname: '小明',
      integral: 20,
      membershipLevel: 0,
      expirationTime: null,
      phone: '138****0000',
    });
    expect(screen.getByRole('heading', { level: 2, name: '小明' })).toBeInTheDocument();
    expect(within(main()).queryByTitle('会员皇冠')).not.toBeInTheDocument();
    expect(field('会员等级')).toBe('普通用户');
    expect(field('会员有效期')).toBe('—');
    expect(field('积分')).toBe('20');
    expect(field('手机号')).toBe('138****0000');
  });

  it('level 1: 体验会员 with a crown and the expiry date', async () => {
    await openProfile({
      nickname: '小明',
      membershipLevel: 1,
      expirationTime: '2024-10-02',
      avatarUrl: '/media/avatar.png',
    });
    expect(within(main()).getByRole('img', { name: '小明的头像' })).toHaveAttribute('src', '/media/avatar.png');
    expect(within(main()).getByTitle('会员皇冠')).toBeInTheDocument();
    expect(field('会员等级')).toBe('体验会员');
    expect(field('会员有效期')).toBe('2024-10-02');
  });

  it.each([2, 3, 4])('level %i: 高级会员', async (level) => {
    await openProfile({ membershipLevel: level, expirationTime: '2024-12-31' });
    expect(field('会员等级')).toBe('高级会员');
    expect(within(main()).getByTitle('会员皇冠')).toBeInTheDocument();
  });

  it('level 5: 超级会员 with a crown and the expiry date', async () => {
    await openProfile({ nickname: '小红', integral: 2680, membershipLevel: 5, expirationTime: '2025-09-01' });
    expect(screen.getByRole('heading', { level: 2, name: '小红' })).toBeInTheDocument();
    expect(within(main()).getByTitle('会员皇冠')).toBeInTheDocument();
    expect(field('会员等级')).toBe('超级会员');
    expect(field('会员有效期')).toBe('2025-09-01');
    expect(field('积分')).toBe('2680');
  });

  it('level 6 for life: 超级会员PLUS and 永久', async () => {
    await openProfile({ membershipLevel: 6, expirationTime: null, lifetime: true });
    expect(within(main()).getByTitle('会员皇冠')).toBeInTheDocument();
    expect(field('会员等级')).toBe('超级会员PLUS');
    expect(field('会员有效期')).toBe('永久');
  });

  it('links 开通会员 to /member', async () => {
    await openProfile();
    expect(within(main()).getByRole('link', { name: '开通会员' })).toHaveAttribute('href', '/member');
  });
});

describe('profile page: nickname', () => {
  function watchRenames() {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/user/updateUserName', async ({ request }) => {
        const body = (await request.json()) as { id: string; nickname: string };
        bodies.push(body);
        return ok(profile({ id: body.id, nickname: body.nickname }));
      }),
    );
    return bodies;
  }

  async function startEditing() {
    await userEvent.click(screen.getByRole('button', { name: '修改昵称' }));
    // The editor's chunk loads on first use.
    const box = await screen.findByRole('textbox', { name: '昵称' });
    await waitFor(() => expect(box).toHaveFocus());
    return box;
  }

  it('refuses an empty name with 请输入用户名 and sends nothing', async () => {
    const renames = watchRenames();
    await openProfile({ nickname: '小明' });
    const box = await startEditing();
    expect(box).toHaveValue('小明');
    await userEvent.clear(box);
    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(renames).toHaveLength(0);
  });

  it.each([
    ['ASCII', 'abcdefghijk'],
    ['Chinese', '一二三四五六七八九十一'],
  ])('refuses 11 %s characters with 用户名不能超过10个字符', async (_kind, name) => {
    const renames = watchRenames();
    await openProfile({ nickname: '小明' });
    const box = await startEditing();
    await userEvent.clear(box);
    await userEvent.type(box, name);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('用户名不能超过10个字符')).toBeInTheDocument();
    expect(renames).toHaveLength(0);
  });

  it('closes the editor without a call when the name is unchanged (spaces trimmed)', async () => {
    const renames = watchRenames();
    await openProfile({ nickname: '小明' });
    const box = await startEditing();
    await userEvent.type(box, '  ');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '昵称' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: '小明' })).toBeInTheDocument();
    expect(renames).toHaveLength(0);
  });

  it('saves a trimmed name of 10 Chinese characters with {id, nickname} and shows it, also in the menu', async () => {
    const renames = watchRenames();
    const user = await openProfile({ id: 'u42', nickname: '小明' });
    const box = await startEditing();
    await userEvent.clear(box);
    await userEvent.type(box, ' 一二三四五六七八九十 ');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('heading', { level: 2, name: '一二三四五六七八九十' })).toBeInTheDocument();
    expect(renames).toEqual([{ id: user.id, nickname: '一二三四五六七八九十' }]);
    expect(await screen.findByText('昵称修改成功')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    expect(within(nav).getByText('一二三四五六七八九十')).toBeInTheDocument();
  });

  it('saves with Enter and cancels with Escape', async () => {
    const renames = watchRenames();
    await openProfile({ nickname: '小明' });
    let box = await startEditing();
    await userEvent.clear(box);
    await userEvent.type(box, '不要了{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '昵称' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: '小明' })).toBeInTheDocument();
    expect(renames).toHaveLength(0);

    box = await startEditing();
    await userEvent.clear(box);
    await userEvent.type(box, 'Mia{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mia' })).toBeInTheDocument();
    expect(renames).toEqual([{ id: 'u1', nickname: 'Mia' }]);
  });

  it('keeps the editor open and shows the server message when the rename is refused', async () => {
    server.use(http.post('*/user/updateUserName', () => fail(4000, '用户名不能超过10个字符')));
    await openProfile({ nickname: '小明' });
    const box = await startEditing();
    await userEvent.clear(box);
    await userEvent.type(box, '小刚');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('用户名不能超过10个字符')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '昵称' })).toBeInTheDocument();
  });
});

describe('profile page: logout', () => {
  it('revokes the session, removes the token and reloads', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const tokens: (string | null)[] = [];
    server.use(
      http.post('*/login/logout', ({ request }) => {
        tokens.push(request.headers.get('Authorization'));
        return ok(null);
      }),
    );
    await openProfile();
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(tokens).toEqual(['tok']);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it.each([
    ['a server error', () => fail(5000, '服务器繁忙，请稍后再试')],
    ['an expired session', () => fail(4010, '请先登录')],
  ])('removes the token and reloads even after %s', async (_why, answer) => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    server.use(http.post('*/login/logout', answer));
    await openProfile();
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    // A failed logout neither toasts nor asks to log in again.
    expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument();
  });

  it('removes the token and reloads even when the server cannot be reached', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    server.use(http.post('*/login/logout', () => Response.error()));
    await openProfile();
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
