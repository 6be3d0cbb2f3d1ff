import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64';

describe('base64', () => {
  it('round-trips ASCII, Chinese and emoji text as UTF-8', () => {
    for (const text of ['', 'abc-123', '夏夜的海边', '流行,摇滚,Male Vocal', '🎵 歌曲 🎶', 'a'.repeat(100_000)]) {
      expect(decodeBase64(encodeBase64(text))).toBe(text);
    }
  });

  it('encodes the UTF-8 bytes', () => {
    expect(encodeBase64('中')).toBe('5Lit');
    expect(encodeBase64('hello')).toBe('aGVsbG8=');
    expect(decodeBase64('5Lit')).toBe('中');
  });

  it('accepts URL-safe alphabet, missing padding and a + turned into a space', () => {
    const text = '歌曲>>??';
    const standard = encodeBase64(text);
    expect(standard).toMatch(/[+/]/);
    expect(decodeBase64(standard.replace(/\+/g, '-').replace(/\//g, '_'))).toBe(text);
    expect(decodeBase64(standard.replace(/=+$/, ''))).toBe(text);
    expect(decodeBase64(standard.replace(/\+/g, ' '))).toBe(text);
  });

  it('returns null for invalid input', () => {
    expect(decodeBase64(null)).toBeNull();
    expect(decodeBase64(undefined)).toBeNull();
    expect(decodeBase64('***')).toBeNull();
    expect(decodeBase64('abcde')).toBeNull(); // impossible length
    expect(decodeBase64('中文')).toBeNull();
    expect(decodeBase64('/w==')).toBeNull(); // 0xFF is not UTF-8
    expect(decodeBase64('5L')).toBeNull(); // a truncated multi-byte character
  });
});
