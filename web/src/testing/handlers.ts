import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { TimedLine } from '../lib/types';

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

/** A timeline as a .lrc file, the way GET /music/lrc writes it: [mm:ss.xx] before each line. */
export function lrcText(timeline: readonly TimedLine[], title = ''): string {
  const stamp = (seconds: number) => {
    const centis = Math.round(seconds * 100);
    const mm = String(Math.floor(centis / 6000)).padStart(2, '0');
    const ss = String(Math.floor((centis % 6000) / 100)).padStart(2, '0');
    return `[${mm}:${ss}.${String(centis % 100).padStart(2, '0')}]`;
  };
  const head = title ? [`[ti:${title}]`] : [];
  return [...head, ...timeline.map((line) => `${stamp(line.start)}${line.text}`)].join('\n') + '\n';
}

/**
 * GET /music/lrc?id=: the song's .lrc as an attachment (text/plain, filename*=UTF-8''<title>.lrc) for the songs in
 * `songs`, a 4040 envelope otherwise. Each request's id and Authorization header go into `asked`.
 */
export function lrcHandler(
  songs: Record<string, { title: string; timeline: readonly TimedLine[] }>,
  asked: string[] = [],
) {
  return http.get('*/music/lrc', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    asked.push(`${id} ${request.headers.get('Authorization') ?? '-'}`);
    const found = songs[id];
    if (!found) return fail(4040, '歌曲不存在');
    return new HttpResponse(lrcText(found.timeline, found.title), {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${found.title}.lrc`)}`,
      },
    });
  });
}
