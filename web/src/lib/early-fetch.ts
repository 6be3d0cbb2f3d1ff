// GET requests the entry (src/main.tsx) starts before the app's JavaScript has loaded, for the data a route's first
// screen needs: on /mywork (signed in) the profile, the first page of works and its first covers; on /musicPlayer?id=
// (anyone) the song and its cover. Without them
// each request waited for the app chunk, the page chunk and (for the works) the profile answer, one after the other
// (docs/web-performance.md). The API client takes a matching request over instead of sending it again, once, and only
// soon after it started and with the same token; anything not taken is simply dropped.
//
// This module imports only lib/base64.ts (itself free of imports), and on /mywork, when signed in, lib/works-preview.ts
// when it starts the works page: the entry loads it before anything else (vite.config.ts keeps them out of the app's
// chunk).
import { decodeBase64 } from './base64';

/** The localStorage key of the login token: the same as session.ts's TOKEN_KEY (tested), which this module cannot import. */
export const EARLY_TOKEN_KEY = 'Authorization';

/** The stored token, read the way session.ts's getToken reads it. */
export function storedToken(): string | null {
  try {
    return window.localStorage.getItem(EARLY_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** How long an early answer may be taken over after its request started. */
export const EARLY_FETCH_MAX_AGE_MS = 10_000;

interface Early {
  token: string | null;
  startedAt: number;
  response: Promise<Response>;
}

const started = new Map<string, Early>();

function absolute(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/**
 * The GETs a route's first screen sends, as the API client builds them, where sending them early was measured to help:
 * /mywork signed in, whose largest paint is a cover behind the profile and the works page, and the player of one song
 * (/musicPlayer?id=, a shared link), whose largest paint is the song's cover. Elsewhere the profile alone comes early
 * enough, and answering it before the first render moved /profile's largest paint later (docs/web-performance.md).
 */
export function earlyPathsFor(pathname: string, search = '', signedIn = true): string[] {
  if (pathname === '/mywork')
    return signedIn ? ['/user/select', '/music/song/list?page=1', '/music/song/listNumber'] : [];
  if (pathname === '/musicPlayer') {
    const params = new URLSearchParams(search);
    const id = params.has('ids') ? null : decodeBase64(params.get('id'));
    if (!id) return [];
    // The same encoding as the API client's (URLSearchParams), so the URLs match.
    return [`/music/getMusic?${new URLSearchParams({ id }).toString()}`];
  }
  return [];
}

/**
 * Starts the first screen's GETs (with the token when one is stored); called once by the entry. Resolves when what
 * the entry draws from them has been painted (/mywork's first cards: lib/works-preview.ts), at once when it draws
 * nothing, and after a few seconds at most (works-preview.ts EARLY_DRAW_MAX_MS): the entry starts the app's code then, so that it does not take the
 * network and the main thread from the covers, the page's largest paint.
 */
export function startEarlyFetches(
  pathname: string,
  token: string | null,
  search = '',
  now = Date.now(),
): Promise<void> {
  // Every browser that runs module scripts (the entry is one) has fetch.
  let drawn: Promise<void> = Promise.resolve();
  for (const path of earlyPathsFor(pathname, search, !!token)) {
    const url = absolute(path);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (token) headers.Authorization = token;
    const response = fetch(url, { headers });
    // A failed early request is the API client's to report when it takes it over; unhandled, it stays quiet.
    response.catch(() => undefined);
    started.set(url, { token, startedAt: now, response });
    // The covers of the works page's first cards, and the cards themselves, drawn before the app (lib/works-preview.ts).
    if (path.startsWith('/music/song/list?'))
      drawn = import('./works-preview').then((m) => m.showEarlyWorks(response)).catch(() => undefined);
    if (path.startsWith('/music/getMusic?')) void preloadSongCover(response);
  }
  return drawn;
}

/** As many covers as the works list loads at once (features/works/components/WorkList.tsx PRIORITY_COVERS). */
export const EARLY_COVERS = 4;

/** Starts loading an image the first screen shows, ahead of other images. */
export function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.href = href;
  link.as = 'image';
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** Once the player's song arrives, starts loading its cover (the page's largest paint). */
async function preloadSongCover(response: Promise<Response>): Promise<void> {
  try {
    const envelope = (await (await response).clone().json()) as {
      code?: number;
      data?: { imageUrl?: string | null } | null;
    };
    if (envelope.code === 2000 && envelope.data?.imageUrl) preloadImage(envelope.data.imageUrl);
  } catch {
    // The page loads it itself.
  }
}

/** The early answer for this absolute URL and token, at most once; undefined when there is none to take. */
export function takeEarlyFetch(url: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  if (early.token !== token || now - early.startedAt > EARLY_FETCH_MAX_AGE_MS) return undefined;
  return early.response;
}

/** Forgets every early request (tests). */
export function resetEarlyFetches(): void {
  started.clear();
}
