import { LIMITS } from '../../lib/rules';
import { zhProfile } from '../../strings/profile';

/** Longest nickname, in characters (code points, so 10 Chinese characters fit) (docs/product.md). */
export const NICKNAME_MAX = LIMITS.usernameChars;

export type NicknameCheck =
  { kind: 'error'; message: string } | { kind: 'unchanged' } | { kind: 'ok'; nickname: string };

/** The username rules: trimmed; empty → 请输入用户名; over 10 characters → 用户名不能超过10个字符; unchanged → no call. */
export function checkNickname(input: string, current: string): NicknameCheck {
  const nickname = input.trim();
  if (!nickname) return { kind: 'error', message: zhProfile.enterNickname };
  if (Array.from(nickname).length > NICKNAME_MAX) return { kind: 'error', message: zhProfile.nicknameTooLong };
  if (nickname === current) return { kind: 'unchanged' };
  return { kind: 'ok', nickname };
}
