import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { formatDuration } from '../../../lib/format';
import { DEFAULT_MODEL, RULE_MESSAGES } from '../../../lib/rules';
import type { UserSong } from '../../../lib/types';
import { zhCreate } from '../../../strings/create';
import { zhWorks } from '../../../strings/works';
import { useCreateSong } from '../../create/api/useCreateSong';
import { extendBody } from '../../create/form';
import { Modal } from '../../../ui/Modal';
import { Range } from '../../../ui/Range';
import { TextField } from '../../../ui/TextField';

/**
 * 继续创作 (docs/web.md, my works): continue one of the user's finished songs from a chosen second (the slider; the
 * end by default) with new lyrics and, optionally, another style and name. Submits an `extend` create (the same
 * points as a create); the new songs appear in my works.
 */
export default function ExtendDialog({ song, open, onClose }: { song: UserSong; open: boolean; onClose: () => void }) {
  const create = useCreateSong();
  const total = Math.max(1, Math.floor(song.duration ?? 0));
  const [at, setAt] = useState(total);
  const [title, setTitle] = useState(song.title);
  const [lyrics, setLyrics] = useState('');
  const [style, setStyle] = useState(song.tags);
  const [lyricsError, setLyricsError] = useState(false);
  const titleId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!lyrics.trim()) {
      setLyricsError(true);
      notify(RULE_MESSAGES.lyricMissing, 'error');
      return;
    }
    // The answer is told from the promise, not a mutate callback: the works list reloads before it resolves, and can
    // unmount the card (and this dialog) meanwhile, which would drop the callback and the toast with it.
    create
      .mutateAsync(extendBody({ audioId: song.native_id, continueAt: at, title, lyrics, style, model: DEFAULT_MODEL }))
      .then((envelope) => {
        notify(envelope.message || zhCreate.submitted, 'success');
        onClose();
      })
      .catch(() => undefined); // the API client has told the user what went wrong
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} size="sm">
      <form onSubmit={onSubmit} noValidate className="gq-extend">
        <h2 id={titleId} className="gq-dialog-title">
          {zhWorks.extendTitle}
        </h2>
        <div className="gq-dialog-content gq-extend-fields">
          <p className="gq-muted">{zhWorks.extendHint}</p>
          <div>
            <p className="gq-body2">{zhWorks.extendFrom(formatDuration(at), formatDuration(total))}</p>
            <Range
              label={zhWorks.extendPosition}
              value={at}
              min={1}
              max={total}
              valueText={formatDuration(at)}
              onMove={setAt}
            />
          </div>
          <TextField label={zhWorks.extendName} value={title} onChange={setTitle} />
          <TextField
            label={zhWorks.extendLyrics}
            value={lyrics}
            onChange={(value) => {
              setLyrics(value);
              setLyricsError(false);
            }}
            error={lyricsError}
            multiline
            rows={4}
          />
          <TextField label={zhWorks.extendStyle} value={style} onChange={setStyle} />
        </div>
        <div className="gq-dialog-actions gq-form-actions">
          <button type="button" className="gq-button gq-button-inherit" onClick={onClose}>
            {zhWorks.cancel}
          </button>
          <button type="submit" className="gq-button gq-button-contained" disabled={create.isPending}>
            {zhWorks.extendSubmit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
