import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkCard } from '../features/works/components/WorkCard';
import { formatDate } from './date';
import { CARD_TITLE_MAX, formatCount, truncate } from './format';
import type { UserSong } from './types';
import {
  drawWorksPreview,
  previewCount,
  previewDate,
  previewTitle,
  WORK_TEMPLATE_ID,
  WORKS_PREVIEW_CLASS,
  type PreviewSong,
} from './works-preview';

const song = (overrides: Partial<UserSong>): UserSong => ({
  native_id: 'x',
  title: '夏日海风',
  tags: 'Pop, male vocal',
  native_image_url: '/media/x.svg',
  native_audio_url: '',
  play_count: 0,
  forward_count: 0,
  likeCount: 0,
  complete: 1,
  created_at: '2026-11-28T20:00:00Z',
  open: 0,
  ...overrides,
});

/** The page as the build writes it for /mywork: the template (src/prerender/user-styles.tsx) and the empty preview. */
function page() {
  document.body.innerHTML =
    `<div class="gq-work-grid ${WORKS_PREVIEW_CLASS}"></div>` +
    `<template id="${WORK_TEMPLATE_ID}">${renderToStaticMarkup(
      <WorkCard song={song({ title: 'preview' })} now={0} onDelete={() => undefined} priority />,
    )}</template>`;
  return document.querySelector(`.${WORKS_PREVIEW_CLASS}`) as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the works preview', () => {
  it('formats counts, titles and dates as the app does', () => {
    for (const n of [0, 7, 999, 1000, 1049, 9999, 10000, 123456, -3, Number.NaN, null, undefined])
      expect(previewCount(n)).toBe(formatCount(n));
    for (const t of ['', '海', '夏日海风', '夏日的海风', '夏日的海风吹', '🎵🎶🎵🎶🎵🎶'])
      expect(previewTitle(t)).toBe(truncate(t, CARD_TITLE_MAX));
    for (const d of [
      '2026-11-28T20:00:00Z',
      '2026-11-28T15:59:59Z',
      '2026-11-28T16:00:00Z',
      '2026-11-28 16:00:00',
      '2026-11-28T23:30:00+08:00',
      '2026-11-28',
      'not a date',
      '',
      null,
    ])
      expect(previewDate(d)).toBe(formatDate(d));
  });

  it("draws the first finished songs' cards from the template, as the app draws them", () => {
    const target = page();
    const songs: PreviewSong[] = [
      song({ title: '夏日的海风吹过', native_image_url: '/media/a.svg', play_count: 12345, likeCount: 3 }),
      song({ title: '雨', tags: '', native_image_url: '/media/b.svg' }),
      song({ title: '生成中', complete: 0 }),
      song({ title: '之后', native_image_url: '/media/d.svg' }),
    ];
    expect(drawWorksPreview(songs, 4)).toBe(2);
    const cards = target.querySelectorAll('article');
    expect(cards).toHaveLength(2);
    expect(cards[0].getAttribute('aria-label')).toBe('夏日的海风吹过');
    expect(cards[0].querySelector('img')?.getAttribute('src')).toBe('/media/a.svg');
    expect(cards[0].querySelector('h2')?.textContent).toBe('夏日的海风…');
    expect(cards[0].querySelector('h2')?.getAttribute('title')).toBe('夏日的海风吹过');
    expect(cards[0].querySelector('time')?.textContent).toBe('2026-11-29');
    expect([...cards[0].querySelectorAll('.gq-counts .gq-caption')].map((c) => c.textContent)).toEqual(['1.2w', '3']);
    // The genres' line is kept empty until the app renders the card; a song without genres has none.
    expect(cards[0].querySelector('h2 + p')?.textContent).toBe('\u00a0');
    expect(cards[1].querySelector('h2 + p')).toBeNull();
    // Once drawn, it is not drawn twice.
    expect(drawWorksPreview(songs, 4)).toBe(0);
    expect(target.querySelectorAll('article')).toHaveLength(2);
  });

  it('draws nothing on a page without the template or the preview element, or when the first song is not finished', () => {
    expect(drawWorksPreview([song({})], 4)).toBe(0);
    const target = page();
    expect(drawWorksPreview([song({ complete: -1 }), song({})], 4)).toBe(0);
    expect(drawWorksPreview([song({ native_image_url: '' })], 4)).toBe(0);
    expect(target.childElementCount).toBe(0);
  });
});
