// What a route shows only later, rendered by the build for its styles alone (src/prerender/pages.tsx): a signed-in
// user's content (/mywork's cards), or what the page draws once its data has come (the player's song). The page's
// HTML gets the CSS emotion makes for it along with the page's own, so the browser's emotion cache finds those rules
// already there when that content first renders, and neither compiles nor inserts them then (on a slow phone that was
// a good part of /mywork's first cards and of the player's song: docs/web-performance.md, "My works before the app").
// The markup itself is thrown away.
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { PublicSwitch, WorkActions } from '../features/works/components/WorkCardControls';
import { WorkCard } from '../features/works/components/WorkCard';
import { WORK_TEMPLATE_ID } from '../lib/works-preview';
import { SongList, toPlayerSong } from '../components/SongList';
import { songDetailQuery } from '../features/player/api/useSongDetail';
import { PlayerView } from '../features/player/PlayerPage';
import { ProfileDetails } from '../features/profile/ProfilePage';
import type { SongDetail, UserProfile, UserSong } from '../lib/types';

const song = (id: string, overrides: Partial<UserSong>): UserSong => ({
  native_id: id,
  title: id,
  tags: '',
  native_image_url: '',
  native_audio_url: '',
  play_count: 0,
  forward_count: 0,
  likeCount: 0,
  complete: 1,
  created_at: '2024-09-01T00:00:00Z',
  open: 0,
  ...overrides,
});

/** /mywork's cards: a card (MUI's Card) with its switch and icon buttons, a generating one's spinner, a failed one. */
function WorkCards() {
  const noop = () => undefined;
  return (
    <Card component="article">
      <CircularProgress size={28} aria-hidden />
      <PublicSwitch song={song('private', { open: 0 })} />
      <PublicSwitch song={song('open', { open: 1 })} />
      <PublicSwitch song={song('failed', { complete: -1 })} />
      <WorkActions
        song={song('done', { origin: 'extend', liked: true })}
        member
        hasStems
        onDelete={noop}
        toPlayerSong={toPlayerSong}
      />
      <WorkActions
        song={song('generating', { complete: 0 })}
        member={false}
        hasStems={false}
        onDelete={noop}
        toPlayerSong={toPlayerSong}
      />
    </Card>
  );
}

const playerSong = (id: string, overrides: Partial<SongDetail>): SongDetail => ({
  nativeId: id,
  title: id,
  userName: id,
  tags: 'Pop',
  imageUrl: '/favicon.svg',
  lyric: '[主歌]\n一句',
  duration: 60,
  audio: '',
  likeCount: 1,
  liked: false,
  timeline: null,
  ...overrides,
});

/** The player with its song in the query cache, as the page shows it once the song has come. */
function PlayerWithSong({ song }: { song: SongDetail }) {
  const queryClient = useQueryClient();
  useState(() => queryClient.setQueryData(songDetailQuery(song.nativeId).queryKey, song));
  return <PlayerView query={{ ids: [song.nativeId], playlist: false, index: 0 }} />;
}

/**
 * /musicPlayer's song: the cover, the genres' chips, the slider and controls enabled, the actions (liked and not),
 * the lyrics' accordion open with synced lines and closed with plain ones.
 */
function PlayerSongs() {
  const line = { start: 0, end: 2, text: '一句', words: [] };
  return (
    <>
      <PlayerWithSong song={playerSong('synced', { timeline: [line] })} />
      <PlayerWithSong song={playerSong('liked', { liked: true })} />
    </>
  );
}

/** A song list's row (/musicList), as the rows render once the songs have come. */
function SongRows() {
  return (
    <SongList
      songs={[
        {
          native_id: 'row',
          title: 'row',
          tags: 'Pop',
          native_image_url: '/favicon.svg',
          native_audio_url: '/favicon.svg',
          play_count: 1,
          forward_count: 0,
          likeCount: 1,
        },
      ]}
    />
  );
}

/** /profile signed in: the profile's panel, with a letter avatar and with a picture. */
function Profiles() {
  const user: UserProfile = {
    id: 'u',
    nickname: '用户',
    integral: 10,
    avatarUrl: null,
    membershipLevel: 1,
    expirationTime: '2024-09-01T00:00:00Z',
    phone: '138****0000',
  };
  const noop = () => undefined;
  return (
    <>
      <ProfileDetails user={user} onOpen={noop} />
      <ProfileDetails user={{ ...user, avatarUrl: '/favicon.svg' }} onOpen={noop} />
    </>
  );
}

/** By route path: what to render for its styles. */
export const LATER_STYLES: Readonly<Record<string, () => ReactNode>> = {
  '/mywork': () => <WorkCards />,
  '/musicPlayer': () => <PlayerSongs />,
  '/musicList': () => <SongRows />,
  '/profile': () => <Profiles />,
};

/**
 * By route path: markup the page carries in `<template>`s (after #root), for the entry to copy before the app runs. /mywork:
 * one finished song's card as the list first renders it (cover, title, genres' line, date, counts, room for the
 * controls), which lib/works-preview.ts fills with the first songs of the works page the entry asked for.
 */
export const PAGE_TEMPLATES: Readonly<Record<string, () => ReactNode>> = {
  '/mywork': () => (
    <template id={WORK_TEMPLATE_ID}>
      <WorkCard
        song={song('preview', { tags: 'Pop', native_image_url: '/favicon.svg', play_count: 1, likeCount: 1 })}
        now={0}
        onDelete={() => undefined}
        priority
      />
    </template>
  ),
};
