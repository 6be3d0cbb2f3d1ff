// The one fetch wrapper (docs/web.md): same-origin base URL, 60 s timeout, JSON, the Authorization header,
// envelope unwrapping ({code, type, message, data}; 2000 = success), error toasts, 4010 → login dialog. Failures are
// recognised by their envelope code (lib/rules.ts, shared with the server), never by their text.
import { zh } from '../strings/zh-CN';
import { takeEarlyFetch } from './early-fetch';
import { ERROR_CODES } from './rules';
import { getToken, requestLogin } from './session';
import { showToast } from './toast';

export const API_BASE_URL = '';
export const REQUEST_TIMEOUT_MS = 60_000;
export const SUCCESS_CODE = ERROR_CODES.ok;

export interface Envelope<T> {
  code: number;
  type: string;
  message: string;
  data: T;
  /** Some answers carry extra top-level fields (e.g. request_id of /pay/jsapiPc). */
  [extra: string]: unknown;
}

/** Why a request failed: the server said no (api), no answer (network), too slow (timeout), or a bare HTTP error. */
export type ApiErrorKind = 'api' | 'network' | 'timeout' | 'http';

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The envelope's data: null for almost every refusal (docs/api.md names the exceptions). */
  readonly data: unknown;

  constructor(kind: ApiErrorKind, message: string, code = 0, status = 0, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.status = status;
    this.data = data;
  }

  /** 4220: moderation refused the content (e.g. the song name of AI lyrics). */
  get isRefused(): boolean {
    return this.code === ERROR_CODES.refused;
  }

  /** 4010: no session, or an unknown, expired or revoked token. */
  get isUnauthorized(): boolean {
    return this.code === ERROR_CODES.unauthorized;
  }
}

export type NoticeVariant = 'default' | 'error' | 'success' | 'warning' | 'info';
export type Notifier = (message: string, variant: NoticeVariant) => void;

let notifier: Notifier = (message, variant) => {
  showToast({ message, variant });
};

/** Shows a toast (notistack, loaded with the first toast: lib/toast.ts). */
export function notify(message: string, variant: NoticeVariant = 'default'): void {
  notifier(message, variant);
}

/** Replaces the toast function; returns a function restoring the previous one. */
export function setNotifier(next: Notifier): () => void {
  const previous = notifier;
  notifier = next;
  return () => {
    notifier = previous;
  };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a bare number or string is allowed (e.g. the plan id of /pay/*). */
  body?: unknown;
  /** No toast and no login dialog on failure; the caller handles the ApiError. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  const url = new URL(API_BASE_URL + path, origin);
  if (query) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
  }
  return url.toString();
}

/** Rejects as fetch does once the signal aborts (an early request cannot be aborted itself, only left). */
function abortedBy(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function fail(error: ApiError, silent: boolean): never {
  if (!silent) {
    if (error.kind === 'api') {
      if (error.message) notify(error.message, 'error');
      if (error.isUnauthorized) requestLogin();
    } else if (error.kind === 'network') {
      notify(zh.errors.network, 'error');
    } else if (error.kind === 'timeout') {
      notify(zh.errors.timeout, 'error');
    } else if (error.status !== 500) {
      // docs/web.md: a bare 500 is handled by doing nothing visible; other bare HTTP errors get a generic sentence.
      notify(zh.errors.unavailable, 'error');
    }
  }
  throw error;
}

/** Performs a request and returns the whole envelope when its code is 2000; otherwise throws an ApiError. */
export async function requestEnvelope<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'GET', query, body, silent = false, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;

  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  const url = buildUrl(path, query);
  // The entry may have sent this GET already, before the app loaded (lib/early-fetch.ts): take its answer over.
  const early = method === 'GET' && body === undefined ? takeEarlyFetch(url, token) : undefined;
  let response: Response;
  let text: string;
  try {
    response = await (early
      ? Promise.race([early, abortedBy(controller.signal)])
      : fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        }));
    text = await response.text();
  } catch (cause) {
    if (timedOut) fail(new ApiError('timeout', zh.errors.timeout), silent);
    if (signal?.aborted) throw cause; // the caller (e.g. react-query) cancelled: nothing to show
    fail(new ApiError('network', zh.errors.network), silent);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  if (isEnvelope(parsed)) {
    if (parsed.code === SUCCESS_CODE) return parsed as Envelope<T>;
    const message = typeof parsed.message === 'string' ? parsed.message : '';
    fail(new ApiError('api', message, parsed.code, response.status, parsed.data ?? null), silent);
  }
  fail(new ApiError('http', `HTTP ${response.status}`, 0, response.status), silent);
}

/** Performs a request and returns the envelope's data. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, options)).data;
}

export function apiGet<T>(
  path: string,
  query?: Record<string, QueryValue>,
  options: Omit<RequestOptions, 'method' | 'query' | 'body'> = {},
): Promise<T> {
  return request<T>(path, { ...options, method: 'GET', query });
}

export function apiPost<T>(
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return request<T>(path, { ...options, method: 'POST', body });
}
