import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { formatDuration } from '../../../lib/format';
import { DEFAULT_MODEL, RULE_MESSAGES } from '../../../lib/rules';
import type { UserSong } from '../../../lib/types';
import { zhCreate } from '../../../strings/create';
import { zhWorks } from '../../../strings/works';
import { useCreateSong } from '../../create/api/useCreateSong';
import { extendBody } from '../../create/form';

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
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate className="gq-dialog-form">
        <DialogTitle id={titleId}>{zhWorks.extendTitle}</DialogTitle>
        <DialogContent className="gq-extend-fields">
          <p className="gq-muted">{zhWorks.extendHint}</p>
          <div>
            <p className="gq-body2">{zhWorks.extendFrom(formatDuration(at), formatDuration(total))}</p>
            <Slider
              aria-label={zhWorks.extendPosition}
              value={at}
              min={1}
              max={total}
              getAriaValueText={formatDuration}
              onChange={(_event, value) => setAt(value as number)}
            />
          </div>
          <TextField label={zhWorks.extendName} value={title} onChange={(e) => setTitle(e.target.value)} fullWidth />
          <TextField
            label={zhWorks.extendLyrics}
            value={lyrics}
            onChange={(e) => {
              setLyrics(e.target.value);
              setLyricsError(false);
            }}
            error={lyricsError}
            multiline
            rows={4}
            fullWidth
          />
          <TextField label={zhWorks.extendStyle} value={style} onChange={(e) => setStyle(e.target.value)} fullWidth />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {zhWorks.cancel}
          </Button>
          <Button variant="contained" type="submit" disabled={create.isPending}>
            {zhWorks.extendSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
