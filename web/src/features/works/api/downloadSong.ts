// GET /music/download?id=…[&format=wav]: the mp3 (or, for members, the lossless WAV) as an attachment (docs/api.md).
// Fetched as a blob (with the Authorization header, so the owner's private songs download too) and saved as
// <title>.mp3 or <title>.wav (docs/product.md).
import { API_BASE_URL, ApiError, REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { zh } from '../../../strings/zh-CN';

/** The formats GET /music/download serves: mp3 for everyone who may play the song, wav for members. */
export type SongFormat = 'mp3' | 'wav';

/** A file name from a song title: characters that file systems refuse become '_'. */
export function songFileName(title: string | null | undefined, format: SongFormat = 'mp3'): string {
  const base = (title ?? '').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return `${base || 'song'}.${format}`;
}

export function mp3FileName(title: string | null | undefined): string {
  return songFileName(title, 'mp3');
}

/** Fetches the song's file in `format`. Throws an ApiError whose message is the sentence to show (a free user's WAV
 * request: the server's 4030 sentence naming the member benefit). */
export async function fetchSongFile(id: string, format: SongFormat = 'mp3'): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    const url = new URL(`${API_BASE_URL}/music/download`, window.location.origin);
    url.searchParams.set('id', id);
    if (format !== 'mp3') url.searchParams.set('format', format);
    response = await fetch(url.toString(), { headers, signal: controller.signal });
    if (response.ok) {
      const type = response.headers.get('Content-Type') ?? '';
      if (!type.includes('json')) return await response.blob();
    }
    // An error envelope ({code, message}) or a bare HTTP error.
    let message: string = zh.errors.downloadCheckNetwork;
    let code = 0;
    try {
      const body = (await response.json()) as { code?: number; message?: string };
      if (typeof body.message === 'string' && body.message) message = body.message;
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
