import { apiPost, requestEnvelope } from '../../../lib/api-client';

/** POST /login/code: sends the SMS code; resolves with the server's sentence (验证码发送成功，10分钟内有效). */
export async function sendLoginCode(phoneNumber: string): Promise<string> {
  const envelope = await requestEnvelope<null>('/login/code', { method: 'POST', body: { phoneNumber } });
  return envelope.message;
}

export interface LoginResult {
  token: string;
  isNew?: boolean;
}

/** POST /login/phone: logs in (registering an unknown number) and returns the session token. */
export function loginWithPhone(phoneNumber: string, code: string): Promise<LoginResult> {
  return apiPost<LoginResult>('/login/phone', { phoneNumber, code });
}
