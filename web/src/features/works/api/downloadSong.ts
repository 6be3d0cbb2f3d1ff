// GET /music/download?id=…[&format=wav|midi|stems[&audio=wav]]: the mp3 (or, for members, the lossless WAV and the
// MIDI; the ZIP of one's stems of it) as an attachment (docs/api.md), and GET /music/lrc?id=…: the synced lyrics as a
// .lrc file (same access rules as the mp3).
// Fetched as a blob (with the Authorization header, so the owner's private songs download too) and saved as
// <title>.mp3, <title>.wav or <title>.lrc (docs/product.md).
import { API_BASE_URL, ApiError, notify, REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { zh } from '../../../strings/zh-CN';

/** The formats GET /music/download serves: mp3 for everyone who may play the song, wav for members. */
export type SongFormat = 'mp3' | 'wav';

/** The files of a song that can be downloaded: its audio in a SongFormat, its synced lyrics ('lrc'), and for members
 * its MIDI ('midi'); 'stems' and 'stems_wav' are the ZIP of the stems the caller split from it (docs/api.md). */
export type SongFileKind = SongFormat | 'lrc' | 'midi' | 'stems' | 'stems_wav';

/** A file name from a song title: characters that file systems refuse become '_'. A MIDI is .mid, a stems ZIP .zip. */
export function songFileName(title: string | null | undefined, format: SongFileKind = 'mp3'): string {
  // Control characters are among those refused, on purpose.
  // eslint-disable-next-line no-control-regex
  const base = (title ?? '').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return `${base || 'song'}.${format === 'midi' ? 'mid' : format.startsWith('stems') ? 'zip' : format}`;
}

export function mp3FileName(title: string | null | undefined): string {
  return songFileName(title, 'mp3');
}

/** The address of a song's file: /music/lrc?id= for the lyrics, else /music/download?id=[&format=]. */
function songFileUrl(id: string, format: SongFileKind): URL {
  const path = format === 'lrc' ? '/music/lrc' : '/music/download';
  const url = new URL(`${API_BASE_URL}${path}`, window.location.origin);
  url.searchParams.set('id', id);
  if (format === 'stems_wav') {
    url.searchParams.set('format', 'stems');
    url.searchParams.set('audio', 'wav');
  } else if (format !== 'mp3' && format !== 'lrc') url.searchParams.set('format', format);
  return url;
}

/** Fetches the song's file in `format`. Throws an ApiError whose message is the sentence to show (a free user's WAV
 * request: the server's 4030 sentence naming the member benefit). */
export async function fetchSongFile(id: string, format: SongFileKind = 'mp3'): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(songFileUrl(id, format).toString(), { headers, signal: controller.signal });
    if (response.ok) {
      const type = response.headers.get('Content-Type') ?? '';
      if (!type.includes('json')) return await response.blob();
    }
    // An error envelope ({code, message}; `msg` is read too) or a bare HTTP error.
    let message: string = zh.errors.downloadCheckNetwork;
    let code = 0;
    try {
      const body = (await response.json()) as { code?: number; message?: string; msg?: string };
      if (typeof body.message === 'string' && body.message) message = body.message;
      else if (typeof body.msg === 'string' && body.msg) message = body.msg;
      if (typeof body.code === 'number') code = body.code;
    } catch {
      // Not JSON: keep the generic sentence.
    }
    throw new ApiError('api', message, code, response.status);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('network', zh.errors.downloadFailed);
  } finally {
    clearTimeout(timer);
  }
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Fetches the file and saves it as <title> with the kind's extension; a failure is toasted with its sentence. Resolves
 * when done either way. */
export function saveSongFile(id: string, title: string, kind: SongFileKind): Promise<void> {
  return fetchSongFile(id, kind)
    .then((blob) => saveBlob(blob, songFileName(title, kind)))
    .catch((error: unknown) => notify(error instanceof Error ? error.message : zh.errors.downloadFailed, 'error'));
}
