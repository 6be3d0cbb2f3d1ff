// The rules the web app shares with the C++ server, read at build time from their one source,
// libdomain/data/rules.json, which libdomain turns into constants too (docs/architecture.md, "Shared rules"):
// the limits and their messages, the phone pattern, the models, the create cost, the level names and the envelope
// codes by which the app recognises failures. Nothing here may be written by hand a second time.
import {
  create,
  errorCodes,
  genderTags,
  labels,
  levels,
  limits,
  messages,
  models,
  phone,
} from '../../../libdomain/data/rules.json' with { type: 'json' };

/** The envelope codes of docs/api.md (2000 success; the failures are domain::ErrorCode). */
export const ERROR_CODES: Readonly<typeof errorCodes> = errorCodes;

/** Character limits (Unicode code points, as the server counts). */
export const LIMITS: Readonly<typeof limits> = limits;

export interface ModelOption {
  id: string;
  /** The short name the model picker shows. */
  label: string;
}
/** The models the server accepts, the default first. */
export const MODELS: readonly ModelOption[] = models;
export const DEFAULT_MODEL: string = models[0]!.id;

/** Mainland mobile numbers, as the server checks them (docs/accounts.md). */
export const PHONE_PATTERN = /* @__PURE__ */ new RegExp(phone.pattern);

/** Points one create costs (the server's default of points.create_cost) and the songs it makes. */
export const CREATE_COST: number = create.cost;
export const SONGS_PER_CREATE: number = create.songsPerCreate;

/** The style tag a gender choice puts in front of the style ("random" adds none). */
export const GENDER_TAGS: Readonly<typeof genderTags> = genderTags;

/** The message of a text over its limit, as the server words it: 歌词不能超过2000个字符. */
export function tooLongMessage(label: string, max: number): string {
  return messages.tooLong.replace('{label}', label).replace('{max}', String(max));
}

/** The validation messages the server sends and the forms show before sending (docs/product.md). */
export const RULE_MESSAGES = {
  promptMissing: messages.promptMissing,
  promptTooLong: /* @__PURE__ */ tooLongMessage(labels.prompt, limits.promptChars),
  titleMissing: messages.titleMissing,
  titleTooLong: /* @__PURE__ */ tooLongMessage(labels.title, limits.titleChars),
  lyricMissing: messages.lyricMissing,
  lyricTooLong: /* @__PURE__ */ tooLongMessage(labels.lyric, limits.lyricChars),
  styleTooLong: /* @__PURE__ */ tooLongMessage(labels.style, limits.styleChars),
  styleTagLimit: messages.styleTagLimit,
  phoneMissing: messages.phoneMissing,
  phoneInvalid: messages.phoneInvalid,
  usernameMissing: messages.usernameMissing,
  usernameTooLong: /* @__PURE__ */ tooLongMessage(labels.username, limits.usernameChars),
} as const;

/** The name of a membership level: 0 普通用户 … 6 超级会员PLUS (levels past the table read as the last). */
export function levelName(level: number): string {
  const last = levels.length - 1;
  return levels[Math.min(Math.max(Math.trunc(level) || 0, 0), last)]!;
}
