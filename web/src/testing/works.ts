// MSW handlers for the signed-in user's songs (/mywork and the 音乐列表 drawer of /create), recording what was asked.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { UserSong } from '../lib/types';
import { profile } from './fixtures';
import { ok } from './handlers';
import { server } from './server';
import { TOKEN_KEY } from '../lib/session';

export interface WorksBackend {
  /** The songs per page (page 1 by default); replace to change what the next reload shows. */
  pages: Map<number, UserSong[]>;
  count: number;
  /** Answers of generateNumber, in order; the last one repeats. */
  generating: number[];
  listRequests: number[];
  generateRequests: number;
}

/** Logs in (token + profile) and serves the works endpoints from a mutable backend. */
export function serveWorks(
  songs: UserSong[] = [],
  options: { count?: number; generating?: number[] } = {},
): WorksBackend {
  window.localStorage.setItem(TOKEN_KEY, 'tok');
  const backend: WorksBackend = {
    pages: new Map([[1, songs]]),
    count: options.count ?? songs.length,
    generating: options.generating ?? [0],
    listRequests: [],
    generateRequests: 0,
  };
  server.use(
    http.get('*/user/select', () => ok(profile())),
    http.get('*/music/song/list', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      backend.listRequests.push(page);
      return ok(backend.pages.get(page) ?? []);
    }),
    http.get('*/music/song/listNumber', () => ok(backend.count)),
    http.get('*/music/song/generateNumber', () => {
      backend.generateRequests += 1;
      const answer = backend.generating.length > 1 ? backend.generating.shift()! : (backend.generating[0] ?? 0);
      return ok(answer);
    }),
  );
  return backend;
}

/** A work card by its song's title, once its controls have rendered (a task after the card: WorkCard.tsx). */
export async function findWorkCard(name: string): Promise<HTMLElement> {
  const article = await screen.findByRole('article', { name });
  await within(article).findByRole('button', { name: '删除' });
  return article;
}
