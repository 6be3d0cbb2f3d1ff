import { describe, expect, it } from 'vitest';
import { checkNickname } from './nickname';

describe('nickname rules', () => {
  it.each([
    ['', '请输入用户名'],
    ['   ', '请输入用户名'],
    ['abcdefghijk', '用户名不能超过10个字符'],
    ['一二三四五六七八九十一', '用户名不能超过10个字符'],
    ['🎵🎵🎵🎵🎵🎵🎵🎵🎵🎵🎵', '用户名不能超过10个字符'],
  ])('refuses %j: %s', (input, message) => {
    expect(checkNickname(input, '小明')).toEqual({ kind: 'error', message });
  });

  it.each([
    ['abcdefghij', 'abcdefghij'],
    ['一二三四五六七八九十', '一二三四五六七八九十'],
    ['🎵🎵🎵🎵🎵🎵🎵🎵🎵🎵', '🎵🎵🎵🎵🎵🎵🎵🎵🎵🎵'],
    ['  小红  ', '小红'],
  ])('accepts %j as %j (trimmed, counted in characters)', (input, nickname) => {
    expect(checkNickname(input, '小明')).toEqual({ kind: 'ok', nickname });
  });

  it('treats the current name, spaces around it or not, as unchanged', () => {
    expect(checkNickname('小明', '小明')).toEqual({ kind: 'unchanged' });
    expect(checkNickname(' 小明 ', '小明')).toEqual({ kind: 'unchanged' });
  });
});
