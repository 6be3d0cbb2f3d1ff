import type { SongDetail, SongListItem, TimedLine, UserProfile, UserSong } from '../lib/types';

/** A public list song with the fields of docs/api.md. */
export function song(id: string, overrides: Partial<SongListItem> = {}): SongListItem {
  return {
    native_id: id,
    title: `歌曲${id}`,
    tags: 'pop,male vocal',
    native_image_url: `/media/${id}.svg`,
    native_audio_url: `/media/${id}.mp3`,
    play_count: 0,
    forward_count: 0,
    likeCount: 0,
    duration: 120,
    userName: '作者',
    liked: false,
    ...overrides,
  };
}

export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u1',
    nickname: '小明',
    integral: 20,
    avatarUrl: null,
    membershipLevel: 0,
    expirationTime: null,
    lifetime: false,
    phone: '138****0000',
    ...overrides,
  };
}

/** One of the signed-in user's songs (docs/api.md, "Song shapes": a work); finished and private unless overridden. */
export function userSong(id: string, overrides: Partial<UserSong> = {}): UserSong {
  return {
    ...song(id),
    complete: 1,
    created_at: '2024-09-01T16:30:00Z',
    open: 0,
    progress_started_at: null,
    error: null,
    ...overrides,
  };
}

/** A synced-lyrics timeline as GET /music/getMusic sends it: the first line word by word, the second without words, a
 * long instrumental gap, then a last line. */
export function lyricTimeline(): TimedLine[] {
  return [
    {
      start: 12.34,
      end: 15.1,
      text: '夏夜的海风吹过',
      words: [
        { text: '夏', start: 12.34, end: 12.6 },
        { text: '夜', start: 12.6, end: 12.9 },
        { text: '的', start: 12.9, end: 13.2 },
        { text: '海', start: 13.2, end: 13.6 },
        { text: '风', start: 13.6, end: 14 },
        { text: '吹', start: 14, end: 14.5 },
        { text: '过', start: 14.5, end: 15.1 },
      ],
    },
    { start: 15.5, end: 19.2, text: '浪花一朵朵', words: [] },
    { start: 42, end: 46.5, text: '我们唱着歌', words: [] },
  ];
}

/** The player detail (GET /music/getMusic) of a finished song with synced lyrics; plain lyrics match the timeline. */
export function timedSongDetail(id: string, overrides: Partial<SongDetail> = {}): SongDetail {
  return {
    nativeId: id,
    title: '海风',
    userName: '小明',
    tags: 'pop',
    imageUrl: `/media/${id}.svg`,
    lyric: '[主歌]\n夏夜的海风吹过\n浪花一朵朵\n[副歌]\n我们唱着歌',
    duration: 60,
    audio: `/media/${id}.mp3`,
    likeCount: 0,
    liked: false,
    play_count: 0,
    forward_count: 0,
    timeline: lyricTimeline(),
    ...overrides,
  };
}
