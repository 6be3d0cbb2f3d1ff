import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../lib/api-client';
import { zhStudio } from '../../strings/studio';
import { GenrePicker } from '../create/components/GenrePicker';
import { userStyle } from '../create/form';

/**
 * 换个风格 (docs/web.md, "Studio"): the new style from the genre picker (at least one chip) and an optional new title;
 * the dialog says what it costs (a create's points) before 开始换风格. `onSubmit` sends the cover and resolves true
 * when it was accepted (a refusal is toasted by the API client with the server's sentence, and the dialog stays).
 */
export function CoverDialog({
  title,
  busy,
  onCancel,
  onSubmit,
}: {
  title: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (style: string, title: string) => void;
}) {
  const [tags, setTags] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = useId();
  const textId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const style = userStyle({ tags, freeStyle: '' });
    if (!style) {
      setMissing(true);
      notify(zhStudio.coverStyleMissing, 'warning');
      return;
    }
    onSubmit(style, name);
  };

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby={titleId} aria-describedby={textId}>
      <form onSubmit={submit} noValidate className="gq-dialog-form">
        <DialogTitle id={titleId}>{zhStudio.coverTitle}</DialogTitle>
        <DialogContent className="gq-extend-fields">
          <p id={textId} className="gq-muted">
            {zhStudio.coverText(title)}
          </p>
          <GenrePicker
            selected={tags}
            onChange={(next) => {
              setTags(next);
              setMissing(false);
            }}
          />
          {missing ? (
            <p className="gq-body2 gq-error-text" role="alert">
              {zhStudio.coverStyleMissing}
            </p>
          ) : null}
          <TextField
            label={zhStudio.coverName}
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText={zhStudio.coverNameHelp(title)}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onCancel}>
            {zhStudio.cancel}
          </Button>
          <Button variant="contained" type="submit" disabled={busy}>
            {zhStudio.startCover}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
