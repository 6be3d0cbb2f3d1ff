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

/** How a song was made: a create, a 继续创作 extension of another song, or a whole song joined (合成完整歌曲) from an
 * extension chain. */
export type SongOrigin = 'generate' | 'extend' | 'concat';

/** A song of the signed-in user's own list. */
export interface UserSong extends SongListItem {
  complete: SongStatus;
  created_at: string;
  open: 0 | 1;
  progress_started_at?: string | null;
  error?: string | null;
  /** The song this one continues (origin extend) or was joined from (origin concat); "" for an ordinary song. Absent
   * from older servers. */
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
