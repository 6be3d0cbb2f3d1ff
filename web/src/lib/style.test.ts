import { describe, expect, it } from 'vitest';
import { charLength, normalizeStyle, splitStyle, styleWithinLimit } from './style';

describe('style normalisation (docs/product.md)', () => {
  it('turns full-width commas into commas, trims, and drops empty items and the trailing comma', () => {
    expect(splitStyle(' pop ，rock,, jazz ,')).toEqual(['pop', 'rock', 'jazz']);
    expect(normalizeStyle('pop，rock,')).toBe('pop,rock');
    expect(normalizeStyle('  ,，  ')).toBe('');
  });

  it('maps Chinese genre labels to English and keeps free text', () => {
    expect(normalizeStyle('流行，摇滚, 电影感, 我的风格')).toBe('pop,Rock,Cinematic,我的风格');
  });

  it('removes duplicates keeping the first, ignoring case', () => {
    expect(normalizeStyle('Pop, pop, 流行, Rock, rock')).toBe('Pop,Rock');
    expect(normalizeStyle(['流行', '摇滚'], 'random')).toBe('pop,Rock');
  });

  it('puts the gender tag in front (random adds nothing)', () => {
    expect(normalizeStyle(['流行', 'piano'], 'male')).toBe('male vocal,pop,piano');
    expect(normalizeStyle('女声, jazz', 'female')).toBe('female vocal,jazz');
    expect(normalizeStyle('jazz', 'random')).toBe('jazz');
    expect(normalizeStyle('', 'male')).toBe('male vocal');
  });

  it('joins the selected tags and the free text in order', () => {
    expect(normalizeStyle(['流行', '嘻哈', 'lofi beats，chill'], 'female')).toBe(
      'female vocal,pop,Hip Hop,lofi beats,chill',
    );
  });

  it('measures the 120-character limit in characters', () => {
    expect(charLength('流行🎵')).toBe(3);
    expect(styleWithinLimit('a'.repeat(120))).toBe(true);
    expect(styleWithinLimit('a'.repeat(121))).toBe(false);
    expect(styleWithinLimit('歌'.repeat(120))).toBe(true);
  });
});
