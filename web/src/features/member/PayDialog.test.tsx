import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../lib/navigation';
import { TOKEN_KEY } from '../../lib/session';
import { profile } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { expectToast } from '../../testing/toast';
import type { Plan } from './api/usePlans';

const PLANS: Plan[] = [
  {
    id: 2,
    name: '体验日卡',
    price: 1,
    integral: 20,
    termOfValidity: '1天',
    integralGenerate: 2,
    describe1: '可生成4首歌曲',
    describe2: '普通通道，永久云端存储',
    activity: false,
    originalPrice: null,
    level: 1,
  },
  {
    id: 4,
    name: '高级月卡',
    price: 19.9,
    integral: 470,
    termOfValidity: '30天',
    integralGenerate: 4,
    describe1: '可生成94首歌曲',
    describe2: '会员专属通道，永久云端存储',
    activity: false,
    originalPrice: null,
    level: 3,
  },
];

const QR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

interface PayBackend {
  /** Plan ids posted to each create endpoint, in order. */
  created: { path: string; body: unknown }[];
  /** taskIds asked of /pay/resultQuery, in order. */
  polls: string[];
  /** What /pay/resultQuery answers next. */
  result: 1 | 0 | -1;
  profileLoads: number;
}

/** A signed-in user on /member with two plans and a payment API that hands out orders GQ1, GQ2, … */
function serveShop(): PayBackend {
  window.localStorage.setItem(TOKEN_KEY, 'tok');
  const backend: PayBackend = { created: [], polls: [], result: 0, profileLoads: 0 };
  server.use(
    http.get('*/user/select', () => {
      backend.profileLoads += 1;
      return ok(profile());
    }),
    http.get('*/pay/plans', () => ok(PLANS)),
    http.post('*/pay/jsapiPc', async ({ request }) => {
      backend.created.push({ path: '/pay/jsapiPc', body: await request.json() });
      const no = `GQ${backend.created.length}`;
      return HttpResponse.json({
        code: 2000,
        type: 'ok',
        message: '成功',
        data: { QRcode_url: `${QR}#${no}` },
        request_id: no,
      });
    }),
    http.post('*/pay/h5', async ({ request }) => {
      backend.created.push({ path: '/pay/h5', body: await request.json() });
      return ok('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2&redirect_url=x');
    }),
    http.post('*/pay/jsapi', async ({ request }) => {
      backend.created.push({ path: '/pay/jsapi', body: await request.json() });
      return ok({ order_url: 'http://localhost/pay/wechat/jsapi?order=GQ9' });
    }),
    http.get('*/pay/resultQuery', ({ request }) => {
      backend.polls.push(new URL(request.url).searchParams.get('taskId') ?? '');
      return ok(backend.result);
    }),
  );
  return backend;
}

async function openPayDialog(planName = '体验日卡') {
  renderApp('/member');
  const card = await screen.findByRole('article', { name: planName });
  await userEvent.click(await within(card).findByRole('button', { name: '立即开通' }));
  return screen.findByRole('dialog', { name: `开通${planName}` });
}

/** Opens the dialog on a PC and gets a QR (order GQ1). */
async function showQr(planName = '体验日卡') {
  const dialog = await openPayDialog(planName);
  await userEvent.click(within(dialog).getByRole('button', { name: '确认支付' }));
  await within(dialog).findByRole('img', { name: '支付二维码' });
  return dialog;
}

/** Lets in-flight requests (if any) settle, on real timers. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));

/**
 * Checks on the mocked server's records. With setInterval faked, testing-library's waitFor only re-checks on DOM
 * changes, and a poll answering 0 changes nothing; vi.waitFor keeps real timers.
 */
async function serverSaw(check: () => void) {
  await vi.waitFor(check, { timeout: 3000, interval: 20 });
  // The answer then reaches the page (react-query would join a poll still in flight instead of sending another).
  await settle();
}

function fakeClock() {
  // Only the countdown's and the polling's clock are faked: intervals and Date. Promises, MSW and the test library
  // keep real timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('pay dialog: choosing', () => {
  it('opens from 立即开通 with the plan, its amount and the one method, 微信支付', async () => {
    serveShop();
    const dialog = await openPayDialog('高级月卡');
    expect(dialog).toHaveTextContent('支付金额');
    expect(dialog).toHaveTextContent('¥19.9');
    const methods = within(dialog).getByRole('radiogroup', { name: '支付方式' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(1);
    expect(within(methods).getByRole('radio', { name: '微信支付' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeEnabled();
  });

  it('a server error on creating the order shows the message and no QR', async () => {
    const backend = serveShop();
    server.use(http.post('*/pay/jsapiPc', () => fail(5020, '支付服务繁忙，请稍后再试')));
    const dialog = await openPayDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认支付' }));
    await expectToast('支付服务繁忙，请稍后再试');
    expect(within(dialog).queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '确认支付' })).toBeEnabled();
    expect(backend.polls).toEqual([]);
  });
});

describe('pay dialog: PC QR', () => {
  it('posts the plan id, shows the QR with a 5:00 countdown and polls resultQuery every 3 s; 1 → success and the profile reloads', async () => {
    fakeClock();
    const backend = serveShop();
    const dialog = await showQr();
    expect(backend.created).toEqual([{ path: '/pay/jsapiPc', body: 2 }]);
    expect(within(dialog).getByRole('img', { name: '支付二维码' })).toHaveAttribute('src', `${QR}#GQ1`);
    expect(within(dialog).getByText('请使用微信扫码支付')).toBeInTheDocument();
    expect(within(dialog).getByText('剩余时间 05:00')).toBeInTheDocument();
    expect(backend.polls).toEqual([]);

    act(() => vi.advanceTimersByTime(1000));
    expect(within(dialog).getByText('剩余时间 04:59')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(within(dialog).getByText('剩余时间 04:57')).toBeInTheDocument();
    await serverSaw(() => expect(backend.polls).toEqual(['GQ1']));

    act(() => vi.advanceTimersByTime(3000));
    await serverSaw(() => expect(backend.polls).toEqual(['GQ1', 'GQ1']));
    expect(within(dialog).getByText('剩余时间 04:54')).toBeInTheDocument();
    expect(within(dialog).queryByText('支付成功！感谢您的支持！')).not.toBeInTheDocument();

    const loadsBefore = backend.profileLoads;
    backend.result = 1;
    act(() => vi.advanceTimersByTime(3000));
    expect(await within(dialog).findByText('支付成功！感谢您的支持！')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(backend.profileLoads).toBeGreaterThan(loadsBefore));

    // Paid: polling stops; 完成 closes and reloads the profile once more. (Let the success render's effects run first,
    // so a busy machine cannot count a poll that was already under way.)
    await settle();
    const polls = backend.polls.length;
    const loadsAfterSuccess = backend.profileLoads;
    act(() => vi.advanceTimersByTime(9000));
    await settle();
    expect(backend.polls).toHaveLength(polls);
    await userEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '开通体验日卡' })).not.toBeInTheDocument());
    await vi.waitFor(() => expect(backend.profileLoads).toBeGreaterThan(loadsAfterSuccess));
  });

  it('says 订单不存在 when the poll answers -1, and stops polling', async () => {
    fakeClock();
    const backend = serveShop();
    backend.result = -1;
    const dialog = await showQr();
    act(() => vi.advanceTimersByTime(3000));
    expect(await within(dialog).findByText('订单不存在')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(9000));
    await settle();
    expect(backend.polls).toEqual(['GQ1']);
  });

  it('a final answer stops the polling as it lands, even before the dialog has rendered it', async () => {
    fakeClock();
    // A busy machine: every read of React's scheduler clock is 10 ms later, so React yields between committing a
    // render and running its effects, and the test advances the clock in between.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
    const backend = serveShop();
    backend.result = -1;
    const dialog = await showQr();
    act(() => vi.advanceTimersByTime(3000));
    expect(await within(dialog).findByText('订单不存在')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(9000));
    await settle();
    expect(backend.polls).toEqual(['GQ1']);
  });

  it('at 00:00 the QR expires (二维码已过期, no more polling); 重新获取 creates a new order', async () => {
    fakeClock();
    const backend = serveShop();
    const dialog = await showQr();
    act(() => vi.advanceTimersByTime(297_000));
    expect(within(dialog).getByText('剩余时间 00:03')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(within(dialog).getByText('二维码已过期')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    await settle();
    const polls = backend.polls.length;
    expect(polls).toBeGreaterThan(0);
    expect(new Set(backend.polls)).toEqual(new Set(['GQ1']));
    act(() => vi.advanceTimersByTime(9000));
    await settle();
    expect(backend.polls).toHaveLength(polls);

    await userEvent.click(within(dialog).getByRole('button', { name: '重新获取' }));
    const img = await within(dialog).findByRole('img', { name: '支付二维码' });
    expect(img).toHaveAttribute('src', `${QR}#GQ2`);
    expect(backend.created).toEqual([
      { path: '/pay/jsapiPc', body: 2 },
      { path: '/pay/jsapiPc', body: 2 },
    ]);
    expect(within(dialog).getByText('剩余时间 05:00')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    await serverSaw(() => expect(backend.polls.at(-1)).toBe('GQ2'));
    expect(backend.polls).toHaveLength(polls + 1);
  });

  it('取消 clears the QR, closes the dialog and stops polling', async () => {
    fakeClock();
    const backend = serveShop();
    const dialog = await showQr();
    act(() => vi.advanceTimersByTime(3000));
    await serverSaw(() => expect(backend.polls).toEqual(['GQ1']));
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '开通体验日卡' })).not.toBeInTheDocument());
    expect(screen.queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(15_000));
    await settle();
    expect(backend.polls).toEqual(['GQ1']);

    // Opening again starts afresh: no QR until 确认支付.
    const card = screen.getByRole('article', { name: '体验日卡' });
    await userEvent.click(within(card).getByRole('button', { name: '立即开通' }));
    const again = await screen.findByRole('dialog', { name: '开通体验日卡' });
    expect(within(again).queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: '确认支付' })).toBeInTheDocument();
  });
});

describe('pay dialog: phones', () => {
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const IPHONE_WECHAT =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

  it('another phone browser: POST /pay/h5 and go to the URL it answers', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const backend = serveShop();
    const dialog = await openPayDialog('高级月卡');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认支付' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2&redirect_url=x',
      ),
    );
    expect(assign).toHaveBeenCalledTimes(1);
    expect(backend.created).toEqual([{ path: '/pay/h5', body: 4 }]);
    expect(within(dialog).getByText('正在前往支付页面……')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
  });

  it('WeChat on a phone: POST /pay/jsapi and go to its order_url', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_WECHAT);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const backend = serveShop();
    const dialog = await openPayDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/pay/wechat/jsapi?order=GQ9'));
    expect(backend.created).toEqual([{ path: '/pay/jsapi', body: 2 }]);
  });

  it('a server error on /pay/h5 shows the message and goes nowhere', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    serveShop();
    server.use(http.post('*/pay/h5', () => fail(4000, '套餐不存在')));
    const dialog = await openPayDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认支付' }));
    await expectToast('套餐不存在');
    expect(assign).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: '确认支付' })).toBeEnabled();
  });
});
