// /mywork's first cards before the app (docs/web-performance.md, "My works before the app"). A signed-in user's
// largest paint is a card's cover, and the cards are React's to render: they waited for React, MUI and the app to
// download and run, seconds after the works page had arrived. The entry (lib/early-fetch.ts) asks for the works page at
// once; when it arrives, this module draws the first finished songs' cards from a copy of a card the build rendered
// (`<template id="gq-work-template">`, src/prerender/pages.tsx), with their covers, titles, dates and counts, into an
// element of the page that React leaves alone (features/works/MyWorkPage.tsx: an element whose content React sets
// with `dangerouslySetInnerHTML` and never hydrates). The page drops that element in the commit that renders the real
// cards, in the same places and sizes, so nothing moves.
//
// Loaded only on /mywork with a stored token, by the entry's early fetch, as a chunk of its own: it imports nothing but
// lib/early-fetch.ts (in the entry's chunk, already loaded), or its chunk would import the app's (vite.config.ts keeps
// it out of the app's chunk). The app does not import it.
import { EARLY_COVERS, preloadImage } from './early-fetch';

/** The id of the `<template>` in /mywork's page holding one finished work card as the build rendered it. */
export const WORK_TEMPLATE_ID = 'gq-work-template';
/** The class of the element in /mywork the preview's cards go into (features/works/MyWorkPage.tsx, ui.css). */
export const WORKS_PREVIEW_CLASS = 'gq-works-preview';

/** What the preview reads of a song of `/music/song/list` (lib/types.ts UserSong). */
export interface PreviewSong {
  title?: string | null;
  tags?: string | null;
  native_image_url?: string | null;
  complete?: number;
  created_at?: string | null;
  play_count?: number | null;
  likeCount?: number | null;
}

// The three formats below are those of lib/format.ts (formatCount, truncate with CARD_TITLE_MAX) and lib/date.ts
// (formatDate, with dayjs), which this module cannot import; works-preview.test.ts checks they agree.

/** A card title's length (lib/format.ts CARD_TITLE_MAX). */
const TITLE_MAX = 5;
/** The display time zone's offset from UTC (Asia/Shanghai, lib/date.ts). */
const DISPLAY_OFFSET_MS = 8 * 3600 * 1000;

export function previewCount(n: number | null | undefined): string {
  const value = n != null && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
  const tenths = (unit: number) => (Math.floor(value / (unit / 10)) / 10).toFixed(1);
  if (value >= 10000) return `${tenths(10000)}w`;
  if (value >= 1000) return `${tenths(1000)}k`;
  return String(value);
}

export function previewTitle(text: string): string {
  const chars = Array.from(text);
  return chars.length <= TITLE_MAX ? text : `${chars.slice(0, TITLE_MAX).join('')}…`;
}

/** An API time (UTC, `2024-09-01T12:00:00Z` or `2024-09-01 12:00:00`) as YYYY-MM-DD in Shanghai; '' when unreadable. */
export function previewDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const iso = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? new Date(time + DISPLAY_OFFSET_MS).toISOString().slice(0, 10) : '';
}

function fill(card: Element, song: PreviewSong): boolean {
  const title = song.title ?? '';
  const image = card.querySelector('.gq-cover img');
  const heading = card.querySelector('.gq-work-title');
  const time = card.querySelector('time');
  const counts = card.querySelectorAll('.gq-counts .gq-caption');
  const subtitle = heading?.nextElementSibling;
  if (!image || !heading || !time || counts.length !== 2 || subtitle?.tagName !== 'P') return false;
  card.setAttribute('aria-label', title || previewTitle(title));
  image.setAttribute('src', song.native_image_url ?? '');
  heading.textContent = previewTitle(title);
  heading.setAttribute('title', title);
  // The genres' names need the genre dictionary, which is the app's: their line is kept, empty, until the card renders
  // (and left out when the song has none, as the card leaves it out).
  if (/[^,，\s]/.test(song.tags ?? '')) subtitle.textContent = '\u00a0';
  else subtitle.remove();
  time.textContent = previewDate(song.created_at);
  time.setAttribute('datetime', song.created_at ?? '');
  counts[0].textContent = previewCount(song.play_count);
  counts[1].textContent = previewCount(song.likeCount);
  return true;
}

/**
 * Draws the cards of the first `max` songs, up to the first one that is not a finished song with a cover (a
 * generating or failed card looks different), into the page's preview element; returns how many it drew. Does nothing
 * when the page has no template or no empty preview element (another page, or the app has rendered the cards already).
 */
export function drawWorksPreview(songs: readonly PreviewSong[], max: number, doc: Document = document): number {
  const template = doc.getElementById(WORK_TEMPLATE_ID);
  const target = doc.querySelector(`.${WORKS_PREVIEW_CLASS}`);
  const card = template instanceof HTMLTemplateElement ? template.content.querySelector('.gq-work') : null;
  if (!card || !target || target.firstChild) return 0;
  const cards: Element[] = [];
  for (const song of songs.slice(0, max)) {
    if (song.complete !== 1 || !song.native_image_url) break;
    const copy = doc.importNode(card, true);
    if (!fill(copy, song)) return 0;
    cards.push(copy);
  }
  target.append(...cards);
  return cards.length;
}

/** How long the app's start waits at most for the preview (the works page, the covers): main.tsx. */
export const EARLY_DRAW_MAX_MS = 3000;

/** A frame after now: the browser has painted what was drawn before. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Once the works page the entry asked for arrives: starts loading the covers its first cards show (finished songs;
 * features/works/components/WorkCard.tsx), so the page's largest paint does not wait for the app's JavaScript before
 * its image is even asked for, and draws those cards. Resolves once they have been painted with their covers, at once
 * when there is nothing to draw, and after EARLY_DRAW_MAX_MS at most: the entry starts the app's code then (main.tsx).
 * Reads a copy of the answer; the API client reads the answer itself.
 */
export function showEarlyWorks(response: Promise<Response>): Promise<void> {
  return Promise.race([
    drawEarlyWorks(response),
    new Promise<void>((resolve) => setTimeout(resolve, EARLY_DRAW_MAX_MS)),
  ]);
}

async function drawEarlyWorks(response: Promise<Response>): Promise<void> {
  try {
    const envelope = (await (await response).clone().json()) as { code?: number; data?: PreviewSong[] };
    if (envelope.code !== 2000 || !Array.isArray(envelope.data)) return;
    for (const song of envelope.data.slice(0, EARLY_COVERS))
      if (song.complete === 1 && song.native_image_url) preloadImage(song.native_image_url);
    if (!drawWorksPreview(envelope.data, EARLY_COVERS)) return;
    // A cover that fails to load leaves its box empty until the app draws the card (with the default cover).
    const covers = [...document.querySelectorAll<HTMLImageElement>(`.${WORKS_PREVIEW_CLASS} img`)];
    await Promise.all(covers.map((img) => img.decode().catch(() => undefined)));
    await painted();
  } catch {
    // No covers to start or cards to draw: the page loads and renders them itself.
  }
}
