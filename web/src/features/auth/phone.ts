import { PHONE_PATTERN } from '../../lib/rules';
import { zhAuth } from '../../strings/auth';

export { PHONE_PATTERN };

/** The phone number's error message, or null when it may be sent (empty → 请输入手机号, else the format check). */
export function phoneError(phone: string): string | null {
  const value = phone.trim();
  if (!value) return zhAuth.enterPhone;
  if (!PHONE_PATTERN.test(value)) return zhAuth.invalidPhone;
  return null;
}
