import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { pageReload, requestLogin, TOKEN_KEY } from '../../lib/session';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

async function openDialog() {
  renderApp('/about');
  await screen.findByRole('heading', { level: 1, name: '关于我们' });
  act(() => requestLogin());
  return screen.findByRole('dialog', { name: '登录' });
}

describe('login dialog', () => {
  it('asks for the phone number before sending a code', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await within(dialog).findByText('请输入手机号')).toBeInTheDocument();
  });

  it('sends the code, shows the server message and counts down 60 s', async () => {
    let body: unknown;
    server.use(
      http.post('*/login/code', async ({ request }) => {
        body = await request.json();
        return ok(null, '验证码发送成功，10分钟内有效');
      }),
    );
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText(/手机号/), '13800000000');
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送成功，10分钟内有效')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '重新获取(60 s)' })).toBeDisabled();
    expect(body).toEqual({ phoneNumber: '13800000000' });
  });

  it('logs in: stores the token, says 登录成功，请稍候 and reloads', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    server.use(http.post('*/login/phone', () => ok({ token: 'new-token', isNew: true })));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText(/手机号/), '13800000000');
    await userEvent.type(within(dialog).getByLabelText(/验证码/), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('new-token');
    expect(await screen.findByText('登录成功，请稍候')).toBeInTheDocument();
  });

  it('shows the server message on a wrong code and stores nothing', async () => {
    server.use(http.post('*/login/phone', () => fail(4000, '验证码错误或已过期')));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText(/手机号/), '13800000000');
    await userEvent.type(within(dialog).getByLabelText(/验证码/), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码错误或已过期')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('says 暂未开放 for other login methods and closes on 取消', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '微信登录' }));
    expect(await screen.findByText('暂未开放')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
  });

  it('opens when an API call answers 4010', async () => {
    server.use(
      http.get('*/user/select', () => ok({ id: 'u1', nickname: 'a', integral: 0, avatarUrl: null, membershipLevel: 0, expirationTime: null })),
      http.get('*/music/song/listNumber', () => fail(4010, '请先登录')),
      http.get('*/music/song/list', () => fail(4010, '请先登录')),
    );
    window.localStorage.setItem(TOKEN_KEY, 'revoked-on-the-server');
    renderApp('/mywork');
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });
});
