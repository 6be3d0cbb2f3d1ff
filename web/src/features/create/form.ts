// The create form's rules (docs/product.md): limits, the exact messages, the request body, and the
// prefill from the address. Pure functions, so they are tested without rendering. Limits, messages and models are the
// server's own (libdomain/data/rules.json through lib/rules.ts).
import { decodeBase64 } from '../../lib/base64';
import { entries } from '../../lib/genres';
import { DEFAULT_MODEL, LIMITS, MODELS } from '../../lib/rules';
import { charLength, type Gender, normalizeStyle, splitStyle, STYLE_MAX_LENGTH, STYLE_MAX_TAGS } from '../../lib/style';
import { zhCreate } from '../../strings/create';

export const DESCRIPTION_MAX = LIMITS.promptChars;
export const SONG_NAME_MAX = LIMITS.titleChars;
export const LYRICS_MAX = LIMITS.lyricChars;
export { STYLE_MAX_LENGTH, STYLE_MAX_TAGS };

/** Tab values of docs/web.md: 1 inspiration, 3 custom (mode 2 exists without a tab). */
export type CreateTab = 1 | 3;

/** The models (docs/web.md), the default first. */
export { DEFAULT_MODEL, MODELS };

/** The body of POST /music/api/create/ace (docs/api.md, with gender). */
export interface CreateBody {
  /** generate, or extend: continue one of the user's finished songs (audio_id) from continue_at seconds. */
  action: 'generate' | 'extend';
  prompt: string;
  model: string;
  lyric: string;
  custom: boolean;
  instrumental: boolean;
  title: string;
  style: string;
  audio_id: string;
  continue_at: number;
  gender: Gender;
}

/** The body of POST /music/api/create/ace that joins (合成完整歌曲) one of the user's finished extensions with the
 * song(s) it continues into one whole song: free, one new song. */
export interface ConcatBody {
  action: 'concat';
  audio_id: string;
}

/** The body of POST /music/api/create/ace for the 工作室 (features/studio): split a song into two stems or (members)
 * four, or remake it in another style (`style`, optional `title`). */
export interface StudioBody {
  action: 'stems' | 'all_stems' | 'cover';
  audio_id: string;
  style?: string;
  title?: string;
}

export interface InspirationInput {
  description: string;
  instrumental: boolean;
  model: string;
}

export interface CustomInput {
  name: string;
  lyrics: string;
  gender: Gender;
  /** Selected genre chips (Chinese labels), in the order chosen. */
  tags: readonly string[];
  /** The free style text. */
  freeStyle: string;
  instrumental: boolean;
  model: string;
}

/** Which field a message belongs to. */
export type FieldName = 'description' | 'name' | 'lyrics' | 'style';
export interface FieldError {
  field: FieldName;
  message: string;
}

/** The user's own style items, normalised (chips then free text): what is sent as `style`; the server adds the gender. */
export function userStyle(input: Pick<CustomInput, 'tags' | 'freeStyle'>): string {
  return normalizeStyle([...input.tags, input.freeStyle]);
}

/** The combined style as the server stores and sends it upstream (gender tag first): the one limited to 120. */
export function combinedStyle(input: Pick<CustomInput, 'tags' | 'freeStyle' | 'gender'>): string {
  return normalizeStyle([...input.tags, input.freeStyle], input.gender);
}

/** Tab 1: 请先输入歌词描述 / 歌词描述不能超过200个字符. */
export function validateInspiration(input: InspirationInput): FieldError | null {
  const description = input.description.trim();
  if (!description) return { field: 'description', message: zhCreate.enterDescription };
  if (charLength(description) > DESCRIPTION_MAX) return { field: 'description', message: zhCreate.descriptionTooLong };
  return null;
}

/** The song name alone (also checked before AI lyrics). */
export function validateSongName(name: string): FieldError | null {
  const title = name.trim();
  if (!title) return { field: 'name', message: zhCreate.enterSongName };
  if (charLength(title) > SONG_NAME_MAX) return { field: 'name', message: zhCreate.songNameTooLong };
  return null;
}

/** Tab 3: name, lyrics (not needed for instrumental music with a style), at most 10 tags, style ≤ 120. */
export function validateCustom(input: CustomInput): FieldError | null {
  const nameError = validateSongName(input.name);
  if (nameError) return nameError;
  const lyrics = input.lyrics.trim();
  const combined = combinedStyle(input);
  const lyricsRequired = !input.instrumental || combined === '';
  if (!lyrics && lyricsRequired) return { field: 'lyrics', message: zhCreate.enterLyrics };
  if (charLength(lyrics) > LYRICS_MAX) return { field: 'lyrics', message: zhCreate.lyricsTooLong };
  const own = userStyle(input);
  if (own && own.split(',').length > STYLE_MAX_TAGS) return { field: 'style', message: zhCreate.tagLimit };
  if (charLength(combined) > STYLE_MAX_LENGTH) return { field: 'style', message: zhCreate.styleTooLong };
  return null;
}

const BLANK = { action: 'generate', audio_id: '', continue_at: 0 } as const;

export function inspirationBody(input: InspirationInput): CreateBody {
  return {
    ...BLANK,
    prompt: input.description.trim(),
    model: input.model,
    lyric: '',
    custom: false,
    instrumental: input.instrumental,
    title: '',
    style: '',
    gender: 'random',
  };
}

export function customBody(input: CustomInput): CreateBody {
  return {
    ...BLANK,
    prompt: '',
    model: input.model,
    lyric: input.lyrics.trim(),
    custom: true,
    instrumental: input.instrumental,
    title: input.name.trim(),
    style: userStyle(input),
    gender: input.gender,
  };
}

/** 继续创作: what the extend dialog asks for (docs/product.md, "Creating": 0 < continue_at ≤ the song's length). */
export interface ExtendInput {
  audioId: string;
  /** Seconds into the source where the new part starts. */
  continueAt: number;
  title: string;
  lyrics: string;
  style: string;
  model: string;
}

export function extendBody(input: ExtendInput): CreateBody {
  return {
    action: 'extend',
    audio_id: input.audioId,
    continue_at: Math.round(input.continueAt * 10) / 10,
    prompt: '',
    model: input.model,
    lyric: input.lyrics.trim(),
    custom: true,
    instrumental: false,
    title: input.title.trim(),
    style: input.style.trim(),
    gender: 'random',
  };
}

/** 合成完整歌曲: join the extension `audioId` with the song(s) it continues. */
export function concatBody(audioId: string): ConcatBody {
  return { action: 'concat', audio_id: audioId };
}

const ZH_LABELS = new Set(entries().map((e) => e.zh));
const EN_TO_ZH = new Map<string, string>();
for (const e of entries()) if (!EN_TO_ZH.has(e.en.toLowerCase())) EN_TO_ZH.set(e.en.toLowerCase(), e.zh);

/** A style string split into picker chips (items of the dictionary, Chinese or English; at most 10) and the rest. */
export function parseStyle(style: string): { tags: string[]; freeStyle: string } {
  const tags: string[] = [];
  const rest: string[] = [];
  for (const item of splitStyle(style)) {
    const label = ZH_LABELS.has(item) ? item : EN_TO_ZH.get(item.toLowerCase());
    if (label && tags.length < STYLE_MAX_TAGS) {
      if (!tags.includes(label)) tags.push(label);
    } else rest.push(item);
  }
  return { tags, freeStyle: rest.join(',') };
}

export interface InitialCreateState {
  tab: CreateTab;
  keywords: string;
  name: string;
  tags: string[];
  freeStyle: string;
}

/** Which tab opens and what it holds, from the address: keywords → tab 1; name / style → tab 3 (all base64). */
export function initialCreateState(params: URLSearchParams): InitialCreateState {
  const keywords = decodeBase64(params.get('keywords')) ?? '';
  const name = decodeBase64(params.get('name')) ?? '';
  const style = decodeBase64(params.get('style')) ?? '';
  const tab: CreateTab = !keywords && (name || style) ? 3 : 1;
  return { tab, keywords, name, ...parseStyle(style) };
}
