// What a route shows only a signed-in user, rendered by the build for its styles alone (src/prerender/pages.tsx): the
// page's HTML gets the CSS emotion makes for it along with the page's own, so the browser's emotion cache finds those
// rules already there when the user's content first renders, and neither compiles nor inserts them then (on a slow
// phone that was a good part of /mywork's first cards: docs/web-performance.md, "My works before the app"). The markup
// itself is thrown away.
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { PublicSwitch, WorkActions } from '../features/works/components/WorkCardControls';
import { WorkCard } from '../features/works/components/WorkCard';
import { WORK_TEMPLATE_ID } from '../lib/works-preview';
import { toPlayerSong } from '../components/SongList';
import type { UserSong } from '../lib/types';

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

/** By route path: what to render for its styles. */
export const USER_STYLES: Readonly<Record<string, () => ReactNode>> = {
  '/mywork': () => <WorkCards />,
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
