import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../../lib/base64';
import {
  combinedStyle,
  concatBody,
  customBody,
  type CustomInput,
  initialCreateState,
  inspirationBody,
  parseStyle,
  validateCustom,
  validateInspiration,
} from './form';
import { INSPIRATIONS, randomInspiration } from './inspirations';

const custom = (overrides: Partial<CustomInput> = {}): CustomInput => ({
  name: '夏夜',
  lyrics: '晚风吹过海面',
  gender: 'random',
  tags: [],
  freeStyle: '',
  instrumental: false,
  model: 'chirp-v3-5',
  ...overrides,
});

describe('validateInspiration', () => {
  const check = (description: string) => validateInspiration({ description, instrumental: false, model: 'chirp-v3-5' });
  it('needs a description', () => {
    expect(check('')?.message).toBe('请先输入歌词描述');
    expect(check('   ')?.message).toBe('请先输入歌词描述');
  });
  it('accepts 200 characters and refuses 201 (counting Chinese characters, not bytes)', () => {
    expect(check('歌'.repeat(200))).toBeNull();
    expect(check('歌'.repeat(201))?.message).toBe('歌词描述不能超过200个字符');
    expect(check('😀'.repeat(200))).toBeNull();
  });
});

describe('validateCustom', () => {
  it('song name: required, 50 accepted, 51 refused', () => {
    expect(validateCustom(custom({ name: ' ' }))?.message).toBe('请输入歌曲名称');
    expect(validateCustom(custom({ name: '名'.repeat(50) }))).toBeNull();
    expect(validateCustom(custom({ name: '名'.repeat(51) }))).toEqual({
      field: 'name',
      message: '歌曲名称不能超过50个字符',
    });
  });
  it('lyrics: required, 2000 accepted, 2001 refused', () => {
    expect(validateCustom(custom({ lyrics: '' }))).toEqual({ field: 'lyrics', message: '请输入歌词' });
    expect(validateCustom(custom({ lyrics: '词'.repeat(2000) }))).toBeNull();
    expect(validateCustom(custom({ lyrics: '词'.repeat(2001) }))?.message).toBe('歌词不能超过2000个字符');
  });
  it('lyrics may be empty for instrumental music with a style, not without one', () => {
    expect(validateCustom(custom({ lyrics: '', instrumental: true, tags: ['流行'] }))).toBeNull();
    expect(validateCustom(custom({ lyrics: '', instrumental: true, gender: 'male' }))).toBeNull();
    expect(validateCustom(custom({ lyrics: '', instrumental: true }))?.message).toBe('请输入歌词');
  });
  it('tags: 10 accepted, 11 refused (chips and free items together; the gender is not counted)', () => {
    const ten = ['流行', '摇滚', '电子', '古典', '说唱', '金属', '嘻哈', '民谣', '抒情', '节奏布鲁斯'];
    expect(validateCustom(custom({ tags: ten, gender: 'female' }))).toBeNull();
    expect(validateCustom(custom({ tags: ten, freeStyle: 'lofi' }))).toEqual({
      field: 'style',
      message: '标签选择已达上限',
    });
  });
  it('style: 120 characters accepted, 121 refused, counted after normalisation with the gender tag', () => {
    expect(validateCustom(custom({ freeStyle: 'a'.repeat(120) }))).toBeNull();
    expect(validateCustom(custom({ freeStyle: 'a'.repeat(121) }))?.message).toBe('风格总长度不能超过120个字符');
    // "male vocal," is 11 characters: 109 + 11 = 120, 110 + 11 = 121.
    expect(validateCustom(custom({ gender: 'male', freeStyle: 'a'.repeat(109) }))).toBeNull();
    expect(validateCustom(custom({ gender: 'male', freeStyle: 'a'.repeat(110) }))?.message).toBe(
      '风格总长度不能超过120个字符',
    );
  });
});

describe('request bodies', () => {
  it('inspiration mode sends the trimmed description and nothing of custom mode', () => {
    expect(inspirationBody({ description: ' 夏天的海 ', instrumental: true, model: 'chirp-v4' })).toEqual({
      action: 'generate',
      prompt: '夏天的海',
      model: 'chirp-v4',
      lyric: '',
      custom: false,
      instrumental: true,
      title: '',
      style: '',
      audio_id: '',
      continue_at: 0,
      gender: 'random',
    });
  });
  it('custom mode sends the normalised style (chips then free text) and the gender; the counted style has it in front', () => {
    const input = custom({ name: ' 夏夜 ', tags: ['流行', '摇滚'], freeStyle: '钢琴， 温柔,流行,', gender: 'male' });
    expect(customBody(input)).toMatchObject({
      custom: true,
      title: '夏夜',
      style: 'pop,Rock,钢琴,Gentle',
      gender: 'male',
      prompt: '',
    });
    expect(combinedStyle(input)).toBe('male vocal,pop,Rock,钢琴,Gentle');
  });
  it('合成完整歌曲 sends only the action and the extension', () => {
    expect(concatBody('e1')).toEqual({ action: 'concat', audio_id: 'e1' });
  });
});

describe('prefill', () => {
  it('keywords (base64) open tab 1 with the description', () => {
    const state = initialCreateState(new URLSearchParams({ keywords: encodeBase64('一首关于猫的歌') }));
    expect(state).toMatchObject({ tab: 1, keywords: '一首关于猫的歌' });
  });
  it('name and style open tab 3; dictionary items become chips, the rest free text', () => {
    const state = initialCreateState(
      new URLSearchParams({ name: encodeBase64('夏夜'), style: encodeBase64('pop,male vocal,古典, 城市夜色') }),
    );
    expect(state).toEqual({
      tab: 3,
      keywords: '',
      name: '夏夜',
      tags: ['流行', '男声', '古典'],
      freeStyle: '城市夜色',
    });
  });
  it('no query: tab 1, empty', () => {
    expect(initialCreateState(new URLSearchParams())).toEqual({
      tab: 1,
      keywords: '',
      name: '',
      tags: [],
      freeStyle: '',
    });
  });
  it('parseStyle keeps at most 10 chips', () => {
    const style = [
      'pop',
      'Rock',
      'Electronic',
      'classical',
      'rap',
      'Metal',
      'Hip Hop',
      'Folk',
      'Ballad',
      'R&B',
      'Jazz',
    ].join(',');
    const { tags, freeStyle } = parseStyle(style);
    expect(tags).toHaveLength(10);
    expect(freeStyle).toBe('Jazz');
  });
});

describe('inspirations', () => {
  it('has about 44 distinct prompts, none over 200 characters', () => {
    expect(INSPIRATIONS.length).toBe(44);
    expect(new Set(INSPIRATIONS).size).toBe(44);
    expect(INSPIRATIONS.every((p) => p.length > 0 && Array.from(p).length <= 200)).toBe(true);
  });
  it('draws a prompt different from the current one', () => {
    const first = INSPIRATIONS[0]!;
    expect(randomInspiration(first, () => 0)).not.toBe(first);
    expect(INSPIRATIONS).toContain(randomInspiration(''));
  });
});
