import type { SongListItem, UserProfile } from '../lib/types';

/** A public list song with the fields of design/api.md. */
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
