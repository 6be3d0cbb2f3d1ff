import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** Counts the requests to a POST endpoint, answering each with `answer`. */
function countPosts(path: string, answer: () => Response = () => ok(null, '验证码发送成功，10分钟内有效')) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function fillForm(dialog: HTMLElement, phone = '13800000000', code = '123456') {
  await userEvent.type(within(dialog).getByRole('textbox', { name: '手机号' }), phone);
  await userEvent.type(within(dialog).getByRole('textbox', { name: '验证码' }), code);
}

async function agreeToBoth(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》' }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意《隐私政策》' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('login dialog: the code button', () => {
  it('asks for the phone number before sending a code, without a request', async () => {
    const sent = countPosts('/login/code');
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await within(dialog).findByText('请输入手机号')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '手机号' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: '获取验证码' })).toBeEnabled();
    expect(sent).toHaveLength(0);
  });

  it.each(['12800000000', '1380000000', '23800000000'])(
    'refuses %s as 请输入正确的手机号, without a request',
    async (phone) => {
      const sent = countPosts('/login/code');
      const dialog = await openDialog();
      await userEvent.type(within(dialog).getByRole('textbox', { name: '手机号' }), phone);
      await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
      expect(await within(dialog).findByText('请输入正确的手机号')).toBeInTheDocument();
      expect(sent).toHaveLength(0);
    },
  );

  it('goes 获取验证码 → 重新获取(60 s) counting down each second → 重新获取, and can send again', async () => {
    // Only the countdown's clock is faked: the interval and Date. Promises and the test library keep real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const sent = countPosts('/login/code');
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '手机号' }), '13912345678');
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));

    expect(await screen.findByText('验证码发送成功，10分钟内有效')).toBeInTheDocument();
    expect(sent).toEqual([{ phoneNumber: '13912345678' }]);
    const counting = within(dialog).getByRole('button', { name: '重新获取(60 s)' });
    expect(counting).toBeDisabled();
    // The code field gets the focus, ready for the SMS code.
    expect(within(dialog).getByRole('textbox', { name: '验证码' })).toHaveFocus();

    act(() => vi.advanceTimersByTime(1000));
    expect(within(dialog).getByRole('button', { name: '重新获取(59 s)' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(29_000));
    expect(within(dialog).getByRole('button', { name: '重新获取(30 s)' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(29_000));
    expect(within(dialog).getByRole('button', { name: '重新获取(1 s)' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    const again = within(dialog).getByRole('button', { name: '重新获取' });
    expect(again).toBeEnabled();
    expect(sent).toHaveLength(1);

    await userEvent.click(again);
    expect(await within(dialog).findByRole('button', { name: '重新获取(60 s)' })).toBeDisabled();
    expect(sent).toHaveLength(2);
  });

  it('shows the server message when sending fails, and does not start counting', async () => {
    countPosts('/login/code', () => fail(4290, '操作过于频繁，请稍后再试'));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '手机号' }), '13800000000');
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });
});

// The widget itself (a web component that solves in a worker) is not run in jsdom: its element stays unknown, and the
// test plays its part by sending the 'statechange' event it sends when it has solved the challenge.
vi.mock('altcha/external', () => ({}));
vi.mock('altcha/altcha.css', () => ({}));
vi.mock('altcha/worker?url&no-inline', () => ({ default: '/assets/altcha-worker.js' }));

describe('login dialog: the proof-of-work challenge', () => {
  const challenge = {
    algorithm: 'SHA-256',
    challenge: 'c'.repeat(64),
    maxnumber: 100000,
    salt: 's?expires=1&',
    signature: 'f'.repeat(64),
  };

  it('is not shown while the server does not ask for one', async () => {
    const sent = countPosts('/login/code');
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '手机号' }), '13800000000');
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送成功，10分钟内有效')).toBeInTheDocument();
    expect(sent).toEqual([{ phoneNumber: '13800000000' }]);
    expect(within(dialog).queryByTestId('login-challenge')).toBeNull();
    expect(dialog.querySelector('altcha-widget')).toBeNull();
  });

  it('appears when the server asks, and its solution sends the code again with the payload', async () => {
    server.use(http.get('*/login/challenge', () => ok(challenge)));
    let asked = false;
    const sent = countPosts('/login/code', () => {
      if (asked) return ok(null, '验证码发送成功，10分钟内有效');
      asked = true;
      return HttpResponse.json(
        { code: 4290, type: 'error', message: '请先完成人机验证', data: { challengeRequired: true } },
        { status: 429 },
      );
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '手机号' }), '13800000000');
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请先完成人机验证')).toBeInTheDocument();
    expect(await within(dialog).findByText('为防止滥用，请先完成人机验证，验证后将自动发送验证码')).toBeInTheDocument();
    const widget = await waitFor(() => {
      const element = dialog.querySelector('altcha-widget');
      expect(element).not.toBeNull();
      return element as HTMLElement;
    });
    expect(JSON.parse(widget.getAttribute('challengejson') ?? '{}')).toEqual(challenge);
    expect(widget.getAttribute('workerurl')).toBe(new URL('/assets/altcha-worker.js', window.location.href).href);

    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'cGF5bG9hZA==' } }));
    });
    expect(await screen.findByText('验证码发送成功，10分钟内有效')).toBeInTheDocument();
    expect(sent).toEqual([{ phoneNumber: '13800000000' }, { phoneNumber: '13800000000', altcha: 'cGF5bG9hZA==' }]);
    expect(within(dialog).queryByTestId('login-challenge')).toBeNull();
    expect(within(dialog).getByRole('button', { name: '重新获取(60 s)' })).toBeDisabled();
  });
});

describe('login dialog: logging in', () => {
  it('needs both the agreement and the privacy policy checked', async () => {
    const logins = countPosts('/login/phone', () => ok({ token: 't', isNew: false }));
    const dialog = await openDialog();
    await fillForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请先阅读并同意用户协议和隐私政策')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(logins).toHaveLength(0);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('checks the phone number and the code before logging in, without a request', async () => {
    const logins = countPosts('/login/phone', () => ok({ token: 't', isNew: false }));
    const dialog = await openDialog();
    await agreeToBoth(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await within(dialog).findByText('请输入手机号')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入验证码')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '手机号' }), '10000000000');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '验证码' }), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await within(dialog).findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(logins).toHaveLength(0);
  });

  it('logs in: stores the token under Authorization, says 登录成功，请稍候 and reloads', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const logins = countPosts('/login/phone', () => ok({ token: 'new-token', isNew: true }));
    const dialog = await openDialog();
    await fillForm(dialog, '13800000000', '654321');
    await agreeToBoth(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await screen.findByText('登录成功，请稍候')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('new-token');
    expect(logins).toEqual([{ phoneNumber: '13800000000', code: '654321' }]);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('logs in by pressing Enter in the code field', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    countPosts('/login/phone', () => ok({ token: 'enter-token', isNew: false }));
    const dialog = await openDialog();
    await agreeToBoth(dialog);
    await fillForm(dialog, '13800000000', '111111{Enter}');
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 3000 });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('enter-token');
  });

  it('shows the server message on a wrong code, stores nothing and does not reload', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    countPosts('/login/phone', () => fail(4000, '验证码错误'));
    const dialog = await openDialog();
    await fillForm(dialog, '13800000000', '000000');
    await agreeToBoth(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    // The user may try again.
    expect(within(dialog).getByRole('button', { name: '登录' })).toBeEnabled();
  });

  it('says 暂未开放 for the other login methods and closes on 取消', async () => {
    const dialog = await openDialog();
    // The submit button is the only one whose name contains 登录 (end-to-end tests match names by substring).
    expect(within(dialog).getAllByRole('button', { name: /登录/ })).toHaveLength(1);
    const others = within(dialog).getByRole('group', { name: '其他登录方式' });
    await userEvent.click(within(others).getByRole('button', { name: '微信' }));
    expect(await screen.findByText('暂未开放')).toBeInTheDocument();
    await userEvent.click(within(others).getByRole('button', { name: '本机号码' }));
    expect(screen.getAllByText('暂未开放').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
  });
});

describe('login dialog: agreement and privacy texts', () => {
  it('opens the full user agreement, and 同意 ticks its checkbox', async () => {
    const dialog = await openDialog();
    const checkbox = within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》' });
    expect(checkbox).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: '《用户协议》' }));
    const text = await screen.findByRole('dialog', { name: '用户协议' });
    expect(await within(text).findByText('生效日期：2024年9月1日')).toBeInTheDocument();
    for (const heading of [
      '一、服务说明',
      '二、账号注册与使用',
      '三、积分与会员',
      '五、作品权利',
      '六、禁止行为',
      '七、人工智能生成内容说明',
      '八、责任限制',
      '九、服务的变更、中止与终止',
      '十一、法律适用与争议解决',
      '十二、联系我们',
    ]) {
      expect(within(text).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    // The rights FAQ (docs/product.md, "Rights") is part of the agreement.
    expect(
      within(text).getByText(/取消订阅后商用权利依然保留|即使之后取消订阅，这些歌曲的商用权利依然保留/),
    ).toBeInTheDocument();
    expect(within(text).getByText(/须注明歌曲由「歌曲」创作/)).toBeInTheDocument();
    await userEvent.click(within(text).getByRole('button', { name: '同意' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '用户协议' })).not.toBeInTheDocument());
    expect(checkbox).toBeChecked();
    expect(await within(dialog).findByRole('checkbox', { name: '我已阅读并同意《隐私政策》' })).not.toBeChecked();
  });

  it('opens the full privacy policy (15 working days), and 关闭 leaves the checkbox as it was', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '《隐私政策》' }));
    const text = await screen.findByRole('dialog', { name: '隐私政策' });
    expect(await within(text).findByText(/6\.5 .*15个工作日内答复/)).toBeInTheDocument();
    for (const heading of [
      '一、我们收集的信息',
      '三、信息的存储',
      '四、信息的共享、委托处理与公开',
      '六、您的权利',
      '七、未成年人保护',
      '九、联系我们',
    ]) {
      expect(within(text).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(within(text).getByText(/中国大陆境内的服务器/)).toBeInTheDocument();
    await userEvent.click(within(text).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '隐私政策' })).not.toBeInTheDocument());
    expect(await within(dialog).findByRole('checkbox', { name: '我已阅读并同意《隐私政策》' })).not.toBeChecked();
  });
});

describe('login dialog: opening on 4010', () => {
  it('opens when a page load answers 4010 for a revoked session', async () => {
    server.use(
      http.get('*/user/select', () =>
        ok({ id: 'u1', nickname: 'a', integral: 0, avatarUrl: null, membershipLevel: 0, expirationTime: null }),
      ),
      http.get('*/music/song/listNumber', () => fail(4010, '请先登录')),
      http.get('*/music/song/list', () => fail(4010, '请先登录')),
    );
    window.localStorage.setItem(TOKEN_KEY, 'revoked-on-the-server');
    renderApp('/mywork');
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });
});
