import { zh } from '../../strings/zh-CN';

/** Mainland mobile numbers, as the server checks them (docs/accounts.md). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** The phone number's error message, or null when it may be sent (empty → 请输入手机号, else the format check). */
export function phoneError(phone: string): string | null {
  const value = phone.trim();
  if (!value) return zh.auth.enterPhone;
  if (!PHONE_PATTERN.test(value)) return zh.auth.invalidPhone;
  return null;
}
