import type { SongListItem, UserProfile, UserSong } from '../lib/types';

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
