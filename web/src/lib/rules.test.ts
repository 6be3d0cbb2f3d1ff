// The rules shared with the server (libdomain/data/rules.json): the forms enforce exactly what the file says, and the
// style normalisation passes the same cases as the server's (libdomain/data/style_cases.tsv, run by
// tests/domain/shared_rules_test.cpp too).
import { describe, expect, it } from 'vitest';
import styleCases from '../../../libdomain/data/style_cases.tsv?raw';
import { validateCustom, validateInspiration } from '../features/create/form';
import { phoneError } from '../features/auth/phone';
import { checkNickname } from '../features/profile/nickname';
import { planSongs } from '../features/member/plan-text';
import { type Gender, normalizeStyle } from './style';
import { DEFAULT_MODEL, ERROR_CODES, LIMITS, levelName, MODELS, PHONE_PATTERN, tooLongMessage } from './rules';

const custom = {
  name: '名',
  lyrics: '词',
  gender: 'random' as Gender,
  tags: [],
  freeStyle: '',
  instrumental: false,
  model: DEFAULT_MODEL,
};

function parseCases(tsv: string): { gender: Gender; raw: string; expected: string }[] {
  return tsv
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const cells = line.split('\t');
      if (cells.length !== 3) throw new Error(`style_cases.tsv: bad line: ${line}`);
      return { gender: cells[0] as Gender, raw: cells[1]!, expected: cells[2]! };
    });
}

describe('shared rules (libdomain/data/rules.json)', () => {
  it('normalises styles as the server does, case by case (style_cases.tsv)', () => {
    const cases = parseCases(styleCases);
    expect(cases.length).toBeGreaterThanOrEqual(10);
    for (const { gender, raw, expected } of cases)
      expect(normalizeStyle(raw, gender), `${gender} | ${raw}`).toBe(expected);
  });

  it('words a limit as the server does', () => {
    expect(tooLongMessage('歌词', 2000)).toBe('歌词不能超过2000个字符');
  });

  it('checks the create form against the shared limits and messages', () => {
    expect(
      validateInspiration({ description: '歌'.repeat(LIMITS.promptChars), instrumental: false, model: DEFAULT_MODEL }),
    ).toBeNull();
    expect(
      validateInspiration({
        description: '歌'.repeat(LIMITS.promptChars + 1),
        instrumental: false,
        model: DEFAULT_MODEL,
      })?.message,
    ).toBe('歌词描述不能超过200个字符');
    expect(validateCustom({ ...custom, name: '名'.repeat(LIMITS.titleChars + 1) })?.message).toBe(
      '歌曲名称不能超过50个字符',
    );
    expect(validateCustom({ ...custom, lyrics: '词'.repeat(LIMITS.lyricChars) })).toBeNull();
    expect(validateCustom({ ...custom, freeStyle: 'a'.repeat(LIMITS.styleChars + 1) })?.message).toBe(
      '风格总长度不能超过120个字符',
    );
  });

  it('checks phone numbers and nicknames as the server does', () => {
    expect(PHONE_PATTERN.test('13800000000')).toBe(true);
    expect(phoneError('12800000000')).toBe('请输入正确的手机号');
    expect(phoneError(' ')).toBe('请输入手机号');
    expect(checkNickname('名'.repeat(LIMITS.usernameChars + 1), '')).toEqual({
      kind: 'error',
      message: '用户名不能超过10个字符',
    });
  });

  it('offers the server’s models, the default first, and names levels and plans from the shared table', () => {
    expect(MODELS.map((m) => m.id)).toContain('chirp-v4-5-plus');
    expect(DEFAULT_MODEL).toBe(MODELS[0]!.id);
    expect([0, 1, 4, 5, 6, 9, -1].map(levelName)).toEqual([
      '普通用户',
      '体验会员',
      '高级会员',
      '超级会员',
      '超级会员PLUS',
      '超级会员PLUS',
      '普通用户',
    ]);
    expect(planSongs({ integral: 470 })).toBe(94);
    expect(ERROR_CODES.unauthorized).toBe(4010);
  });
});
