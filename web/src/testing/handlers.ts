import { http, HttpResponse, type JsonBodyType } from 'msw';

/** A success envelope as the server sends it. */
export function ok<T extends JsonBodyType>(data: T, message = '成功') {
  return HttpResponse.json({ code: 2000, type: 'ok', message, data });
}

/** A failure envelope with the HTTP status matching its code class (docs/api.md). */
export function fail(code: number, message: string) {
  return HttpResponse.json({ code, type: 'error', message, data: null }, { status: Math.floor(code / 10) });
}

/** Answers every page of the shell needs on first render, as for a visitor on an empty site. */
export const defaultHandlers = [
  http.get('*/music/getPopularMusic', () => ok([])),
  http.get('*/music/getNewMusic', () => ok([])),
  http.get('*/pay/plans', () => ok([])),
  http.get('*/user/select', () => fail(4010, '请先登录')),
  http.post('*/music/addNumberOfViews', () => ok({ play_count: 1 })),
];
