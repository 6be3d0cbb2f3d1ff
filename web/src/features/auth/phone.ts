import { PHONE_PATTERN } from '../../lib/rules';
import { zh } from '../../strings/zh-CN';

export { PHONE_PATTERN };

/** The phone number's error message, or null when it may be sent (empty → 请输入手机号, else the format check). */
export function phoneError(phone: string): string | null {
  const value = phone.trim();
  if (!value) return zh.auth.enterPhone;
  if (!PHONE_PATTERN.test(value)) return zh.auth.invalidPhone;
  return null;
}
