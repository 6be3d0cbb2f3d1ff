// Shapes of the API answers shared by several features (docs/api.md, "Song shapes").

/** A song of the public lists (hot, new, search, genre). */
export interface SongListItem {
  native_id: string;
  title: string;
  tags: string;
  native_image_url: string;
  native_audio_url: string;
  play_count: number;
  forward_count: number;
  likeCount: number;
  duration?: number;
  userName?: string;
  liked?: boolean;
}

/** Song status: 0 generating, 1 done, -1 failed. */
export type SongStatus = 0 | 1 | -1;

/** How a song was made: a create, a 继续创作 extension of another song, a whole song joined (合成完整歌曲) from an
 * extension chain, a cover in another style (换个风格), or one of the two or four stems split from a song. */
export type SongOrigin = 'generate' | 'extend' | 'concat' | 'cover' | 'stems' | 'all_stems';

/** A song of the signed-in user's own list. */
export interface UserSong extends SongListItem {
  complete: SongStatus;
  created_at: string;
  open: 0 | 1;
  progress_started_at?: string | null;
  error?: string | null;
  /** The song this one continues (extend), was joined (concat), covered (cover) or split (stems, all_stems) from;
   * "" for an ordinary song. Absent from older servers. */
  source_id?: string;
  /** Absent from older servers: then an ordinary song. */
  origin?: SongOrigin;
}

/** One sung word (or character) of a synced lyric line: seconds from the start of the audio. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

/** One line of a song's synced lyrics (GET /music/getMusic `timeline`): in order, never overlapping; `words` may be
 * empty (then only the line is highlighted). Times are seconds from the start of the audio. */
export interface TimedLine {
  start: number;
  end: number;
  text: string;
  words: TimedWord[];
}

/** The player detail (null when hidden, deleted or unfinished). */
export interface SongDetail {
  nativeId: string;
  title: string;
  userName: string;
  tags: string;
  imageUrl: string;
  lyric: string;
  duration: number;
  audio: string;
  likeCount?: number;
  liked?: boolean;
  play_count?: number;
  forward_count?: number;
  /** The synced lyrics, or null (or absent, from an older server) when the song has none: plain lyrics then. */
  timeline?: TimedLine[] | null;
  /** Whether the viewer owns it (false for visitors). */
  mine?: boolean;
  origin?: SongOrigin;
  /** The song it was made from (a cover's original), when the viewer may see that one; else null. */
  source?: SongSource | null;
}

/** The song another was made from, as the player credits it (翻唱自《title》 · userName). */
export interface SongSource {
  nativeId: string;
  title: string;
  userName: string;
}

/** The signed-in user (GET /user/select). */
export interface UserProfile {
  id: string;
  nickname: string;
  integral: number;
  avatarUrl: string | null;
  membershipLevel: number;
  expirationTime: string | null;
  lifetime?: boolean;
  phone?: string;
}
