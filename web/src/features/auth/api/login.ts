import { ApiError, apiGet, apiPost, requestEnvelope } from '../../../lib/api-client';

/**
 * POST /login/code: sends the SMS code; resolves with the server's sentence (验证码发送成功，10分钟内有效). `altcha` is
 * the widget's payload of a solved challenge, sent when the server asked for one (challengeRequired).
 */
export async function sendLoginCode(phoneNumber: string, altcha?: string): Promise<string> {
  const body = altcha ? { phoneNumber, altcha } : { phoneNumber };
  const envelope = await requestEnvelope<null>('/login/code', { method: 'POST', body });
  return envelope.message;
}

/** Whether a refused POST /login/code asks for a solved proof-of-work challenge (docs/api.md: data.challengeRequired). */
export function challengeRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return false;
  return (error.data as { challengeRequired?: unknown }).challengeRequired === true;
}

/** A proof-of-work challenge in ALTCHA's format (GET /login/challenge). */
export interface LoginChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** GET /login/challenge. */
export function fetchLoginChallenge(): Promise<LoginChallenge> {
  return apiGet<LoginChallenge>('/login/challenge');
}

export interface LoginResult {
  token: string;
  isNew?: boolean;
}

/** POST /login/phone: logs in (registering an unknown number) and returns the session token. */
export function loginWithPhone(phoneNumber: string, code: string): Promise<LoginResult> {
  return apiPost<LoginResult>('/login/phone', { phoneNumber, code });
}
