import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { zhStudio } from '../../strings/studio';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useCreateSong } from '../create/api/useCreateSong';
import type { StudioBody } from '../create/form';
// Only the type: the page hands its download function in (`save`), so this chunk shares no module with the page's.
import type { SongFileKind } from '../works/api/downloadSong';
import { CoverDialog } from './CoverDialog';
import { coverBody, isStem, stemsBody, type StudioItem, studioItems, type StudioSong } from './studio';

type Step = { kind: 'menu' } | { kind: 'stems'; four: boolean } | { kind: 'cover' } | { kind: 'member'; text: string };

const LABELS: Record<StudioItem, [string, string]> = {
  stems: [zhStudio.stems, zhStudio.stemsDetail],
  allStems: [zhStudio.allStems, zhStudio.allStemsDetail],
  midi: [zhStudio.midi, zhStudio.midiDetail],
  cover: [zhStudio.cover, zhStudio.coverDetail],
  stemsZip: [zhStudio.stemsZip, zhStudio.stemsZipDetail],
  stemsZipWav: [zhStudio.stemsZipWav, zhStudio.stemsZipWavDetail],
};

/** The title of the song a stem was split from: 《夏日》人声 → 夏日. */
function sourceTitle(song: StudioSong): string {
  if (!isStem(song.origin)) return song.title;
  return /^《(.*)》/.exec(song.title)?.[1] ?? song.title;
}

/**
 * The 工作室 menu of a song (docs/web.md, "Studio"), loaded when first opened from a work card or the player: MUI's
 * Menu anchored to the button, then the step the item chosen needs. 分离音轨 and 四轨分离 ask first, naming what is
 * made and its points; 换个风格 opens the cover dialog (the genre picker); a member benefit asked for by a free user
 * opens a dialog naming it, with 开通会员 (nothing is sent); the MIDI and the stems ZIP download at once. After a
 * submission the server's sentence is toasted and `onSubmitted` runs (the player goes to my works; my works reloads).
 * Refusals are toasted with the server's sentence by the API client.
 */
export default function StudioMenu({
  song,
  anchor,
  save,
  onClose,
  onSubmitted,
}: {
  song: StudioSong;
  anchor: HTMLElement;
  /** Downloads a file of a song and saves it named after `title` (works/api/downloadSong's saveSongFile). */
  save: (id: string, title: string, kind: SongFileKind) => Promise<void>;
  onClose: () => void;
  onSubmitted?: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'menu' });
  const { user } = useCurrentUser();
  const member = (user?.membershipLevel ?? 0) >= 1;
  const navigate = useNavigate();
  const create = useCreateSong();
  const items = studioItems(song, member);

  const download = (kind: SongFileKind) => {
    onClose();
    const id = kind === 'stems' || kind === 'stems_wav' ? (isStem(song.origin) ? song.sourceId : song.id) : song.id;
    if (!id) return;
    let name = song.title;
    if (kind === 'stems') name = zhStudio.zipName(sourceTitle(song));
    else if (kind === 'stems_wav') name = zhStudio.zipWavName(sourceTitle(song));
    void save(id, name, kind);
  };

  const choose = (item: StudioItem) => {
    if (item === 'stems') setStep({ kind: 'stems', four: false });
    else if (item === 'allStems')
      setStep(member ? { kind: 'stems', four: true } : { kind: 'member', text: zhStudio.allStemsMembersOnly });
    else if (item === 'cover') setStep({ kind: 'cover' });
    else if (item === 'midi') {
      if (member) download('midi');
      else setStep({ kind: 'member', text: zhStudio.midiMembersOnly });
    } else if (item === 'stemsZip') download('stems');
    else download('stems_wav');
  };

  // The answer is told from the promise, not a mutate callback: the works list reloads before it resolves and can
  // unmount the card (and this menu) meanwhile.
  const submit = (body: StudioBody) => {
    if (create.isPending) return;
    create
      .mutateAsync(body)
      .then((envelope) => {
        notify(envelope.message || zhStudio.submitted, 'success');
        onClose();
        onSubmitted?.();
      })
      .catch(() => undefined); // the API client has told the user what went wrong
  };

  return (
    <>
      <Menu
        open={step.kind === 'menu'}
        anchorEl={anchor}
        onClose={onClose}
        slotProps={{ list: { 'aria-label': zhStudio.menu, dense: true } }}
      >
        {items.map((item) => (
          <MenuItem key={item} onClick={() => choose(item)}>
            <ListItemText
              primary={LABELS[item][0]}
              secondary={
                (item === 'allStems' || item === 'midi') && !member
                  ? `${LABELS[item][1]} · ${zhStudio.membersOnly}`
                  : LABELS[item][1]
              }
            />
          </MenuItem>
        ))}
      </Menu>
      {step.kind === 'stems' ? (
        <ConfirmDialog
          title={step.four ? zhStudio.allStemsTitle : zhStudio.stemsTitle}
          text={step.four ? zhStudio.allStemsText(song.title) : zhStudio.stemsText(song.title)}
          cancelLabel={zhStudio.cancel}
          confirmLabel={zhStudio.startStems}
          onCancel={onClose}
          onConfirm={() => submit(stemsBody(song.id, step.four))}
          busy={create.isPending}
        />
      ) : null}
      {step.kind === 'cover' ? (
        <CoverDialog
          title={song.title}
          busy={create.isPending}
          onCancel={onClose}
          onSubmit={(style, title) => submit(coverBody(song.id, style, title))}
        />
      ) : null}
      {step.kind === 'member' ? (
        <ConfirmDialog
          title={zhStudio.memberTitle}
          text={step.text}
          cancelLabel={zhStudio.cancel}
          confirmLabel={zhStudio.becomeMember}
          onCancel={onClose}
          onConfirm={() => {
            onClose();
            void navigate('/member');
          }}
        />
      ) : null}
    </>
  );
}
