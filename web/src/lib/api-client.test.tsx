import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../testing/handlers';
import { renderWithProviders } from '../testing/render';
import { server } from '../testing/server';
import { ApiError, apiGet, apiPost, REQUEST_TIMEOUT_MS, requestEnvelope } from './api-client';
import { onUnauthorized, TOKEN_KEY } from './session';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('api-client', () => {
  beforeEach(() => {
    // The app's providers: the toaster (notistack) loads with the first toast.
    renderWithProviders(<></>);
  });

  let unsubscribe: (() => void) | undefined;
  afterEach(() => unsubscribe?.());

  it('unwraps the envelope on code 2000 and sends JSON with the stored Authorization', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok-123');
    let seen: { auth: string | null; type: string | null; body: unknown; page: string | null } | undefined;
    server.use(
      http.post('*/music/openSong', async ({ request }) => {
        seen = {
          auth: request.headers.get('Authorization'),
          type: request.headers.get('Content-Type'),
          body: await request.json(),
          page: new URL(request.url).searchParams.get('page'),
        };
        return ok({ open: 1 });
      }),
    );
    await expect(apiPost('/music/openSong', { openId: 1, nativeId: 's1' })).resolves.toEqual({ open: 1 });
    expect(seen).toEqual({
      auth: 'tok-123',
      type: 'application/json',
      body: { openId: 1, nativeId: 's1' },
      page: null,
    });
  });

  it('sends no Authorization header without a stored token, and encodes the query', async () => {
    let seen: { auth: string | null; keyword: string | null } | undefined;
    server.use(
      http.get('*/music/search', ({ request }) => {
        seen = {
          auth: request.headers.get('Authorization'),
          keyword: new URL(request.url).searchParams.get('keyword'),
        };
        return ok([]);
      }),
    );
    await apiGet('/music/search', { keyword: '夏天 & 海', page: 1, size: undefined });
    expect(seen).toEqual({ auth: null, keyword: '夏天 & 海' });
  });

  it('keeps extra top-level fields of the envelope', async () => {
    server.use(
      http.post('*/pay/jsapiPc', () =>
        HttpResponse.json({ code: 2000, type: 'ok', message: '', data: { QRcode_url: 'data:x' }, request_id: 'R1' }),
      ),
    );
    const envelope = await requestEnvelope<{ QRcode_url: string }>('/pay/jsapiPc', { method: 'POST', body: 2 });
    expect(envelope.data.QRcode_url).toBe('data:x');
    expect(envelope.request_id).toBe('R1');
  });

  it('throws an ApiError and shows the server message as is on another code', async () => {
    server.use(http.post('*/music/api/create/ace', () => fail(4020, '积分不足，请充值或开通会员')));
    const error = await caught(apiPost('/music/api/create/ace', {}));
    expect(error).toMatchObject({ kind: 'api', code: 4020, status: 402, message: '积分不足，请充值或开通会员' });
    expect(await screen.findByText('积分不足，请充值或开通会员')).toBeInTheDocument();
  });

  it('treats an HTTP 200 answer with an error code as a failure', async () => {
    server.use(
      http.get('*/music/song/list', () =>
        HttpResponse.json({ code: 4000, type: 'error', message: '参数错误', data: null }),
      ),
    );
    const error = await caught(apiGet('/music/song/list'));
    expect(error.code).toBe(4000);
    expect(await screen.findByText('参数错误')).toBeInTheDocument();
  });

  it('opens the login dialog on code 4010', async () => {
    const listener = vi.fn();
    unsubscribe = onUnauthorized(listener);
    server.use(http.get('*/music/song/list', () => fail(4010, '登录已过期')));
    const error = await caught(apiGet('/music/song/list'));
    expect(error.isUnauthorized).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('recognises a failure by its code, never by its text (请先登录 with code 4000 opens no login dialog)', async () => {
    const listener = vi.fn();
    unsubscribe = onUnauthorized(listener);
    server.use(
      http.get('*/music/song/list', () =>
        HttpResponse.json({ code: 4000, type: 'error', message: '请先登录', data: null }),
      ),
    );
    const error = await caught(apiGet('/music/song/list'));
    expect(error.isUnauthorized).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    expect(await screen.findByText('请先登录')).toBeInTheDocument();
  });

  it('knows a moderation refusal by code 4220 whatever its text', async () => {
    server.use(
      http.post('*/music/api/generateLyrics', () => fail(4220, '任何拒绝的说法')),
      http.get('*/music/song/list', () => fail(5020, '内容未通过安全审核')),
    );
    expect((await caught(apiPost('/music/api/generateLyrics', { prompt: '夏' }, { silent: true }))).isRefused).toBe(
      true,
    );
    expect((await caught(apiGet('/music/song/list', undefined, { silent: true }))).isRefused).toBe(false);
  });

  it('does not open the login dialog for other errors, nor when silent', async () => {
    const listener = vi.fn();
    unsubscribe = onUnauthorized(listener);
    server.use(
      http.get('*/a', () => fail(4030, '无权操作该作品')),
      http.get('*/b', () => fail(4010, '请先登录')),
    );
    await caught(apiGet('/a'));
    await caught(apiGet('/b', undefined, { silent: true }));
    expect(listener).not.toHaveBeenCalled();
  });

  it('shows the network error text when the server cannot be reached', async () => {
    server.use(http.get('*/music/getNewMusic', () => HttpResponse.error()));
    const error = await caught(apiGet('/music/getNewMusic'));
    expect(error.kind).toBe('network');
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
  });

  it('gives up after the timeout (60 s by default)', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    server.use(
      http.get('*/music/getNewMusic', async () => {
        await delay('infinite');
        return ok([]);
      }),
    );
    const error = await caught(apiGet('/music/getNewMusic', undefined, { timeoutMs: 50 }));
    expect(error.kind).toBe('timeout');
    expect(await screen.findByText('请求超时，请检查网络后重试')).toBeInTheDocument();
  });

  it('does nothing visible on a bare HTTP 500', async () => {
    const listener = vi.fn();
    unsubscribe = onUnauthorized(listener);
    server.use(http.get('*/music/getNewMusic', () => new HttpResponse('Internal Server Error', { status: 500 })));
    const error = await caught(apiGet('/music/getNewMusic'));
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.notistack-SnackbarContainer')?.textContent ?? '').toBe('');
    expect(listener).not.toHaveBeenCalled();
  });

  it('shows a generic sentence for other answers without an envelope', async () => {
    server.use(http.get('*/music/getNewMusic', () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    const error = await caught(apiGet('/music/getNewMusic'));
    expect(error).toMatchObject({ kind: 'http', status: 502 });
    expect(await screen.findByText('服务暂时不可用，请稍后再试')).toBeInTheDocument();
  });

  it('passes a caller cancellation through without a toast', async () => {
    server.use(
      http.get('*/music/getNewMusic', async () => {
        await delay('infinite');
        return ok([]);
      }),
    );
    const controller = new AbortController();
    const pending = apiGet('/music/getNewMusic', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });
});
