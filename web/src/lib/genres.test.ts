import { describe, expect, it } from 'vitest';
import { parseGenresTsv } from './genres-parse';
import { displayTags, entries, groups, toChinese, toEnglish } from './genres';

const GROUPS = [
  ['common', '常用'],
  ['china', '中国风'],
  ['pop', '流行'],
  ['latin', '拉丁'],
  ['rock', '摇滚'],
  ['jazz', '爵士'],
  ['country', '乡村'],
  ['dance', '舞曲'],
  ['urban', '都市'],
  ['reggae', '雷鬼'],
  ['downtempo', '慢节奏'],
  ['metal', '金属'],
  ['control', '精准控制'],
  ['classical', '古典'],
  ['world', '世界'],
  ['newage', '新世纪'],
  ['experimental', '实验'],
];

describe('the shared genre dictionary (libdomain/data/genres.tsv)', () => {
  it('has the 17 picker groups in order, none empty', () => {
    expect(groups().map((g) => [g.key, g.label])).toEqual(GROUPS);
    for (const group of groups()) expect(group.entries.length).toBeGreaterThan(0);
  });

  it('holds at least 150 entries, with the home genres and the style examples of docs/product.md', () => {
    expect(entries().length).toBeGreaterThanOrEqual(150);
    const home = {
      流行: 'pop',
      摇滚: 'Rock',
      电子: 'Electronic',
      古典: 'classical',
      说唱: 'rap',
      金属: 'Metal',
      男声: 'Male Vocal',
      女声: 'Female Vocal',
    };
    for (const [zh, en] of Object.entries(home)) {
      expect(toEnglish(zh)).toBe(en);
      expect(toChinese(en)).toBe(zh);
    }
    for (const en of [
      'Hip Hop',
      'Pop',
      'Rock',
      'Jazz',
      'K-POP',
      'J-POP',
      'Dark',
      'Dramatic',
      'Cinematic',
      'Trap',
      'Gospel',
    ]) {
      expect(toChinese(en)).not.toBe(en);
    }
  });

  it('maps English to Chinese case-insensitively and leaves unknown names as they are', () => {
    expect(toChinese('male vocal')).toBe('男声');
    expect(toChinese('HIP HOP')).toBe('嘻哈');
    expect(toChinese('  Jazz ')).toBe('爵士');
    expect(toChinese('Something New')).toBe('Something New');
    expect(toEnglish('不存在的风格')).toBe('不存在的风格');
    expect(toEnglish('Already English')).toBe('Already English');
  });

  it('displays a tag string as Chinese labels', () => {
    expect(displayTags('pop, male vocal,Cinematic')).toEqual(['流行', '男声', '电影感']);
    expect(displayTags('Rock，custom thing,,')).toEqual(['摇滚', 'custom thing']);
    expect(displayTags('')).toEqual([]);
    expect(displayTags(null)).toEqual([]);
  });
});

describe('parseGenresTsv', () => {
  it('reads groups, entries and comments', () => {
    const parsed = parseGenresTsv('# comment\n@group\ta\t甲\n@group\tb\t乙\n\nb\t二\tTwo\na\t一\tOne\r\n');
    expect(parsed).toEqual([
      { key: 'a', label: '甲', entries: [{ group: 'a', zh: '一', en: 'One' }] },
      { key: 'b', label: '乙', entries: [{ group: 'b', zh: '二', en: 'Two' }] },
    ]);
  });

  it('rejects malformed lines and undeclared groups', () => {
    expect(() => parseGenresTsv('@group\ta\n')).toThrow();
    expect(() => parseGenresTsv('x\t一\tOne\n')).toThrow(/undeclared/);
    expect(() => parseGenresTsv('@group\ta\t甲\n@group\ta\t甲\n')).toThrow(/twice/);
  });
});
