import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { notify } from '../../../lib/api-client';
import type { UserSong } from '../../../lib/types';
import { zhWorks } from '../../../strings/works';
import { useJoinSong } from '../api/useJoinSong';

/**
 * 合成完整歌曲 (docs/web.md, my works): asks before joining one of the user's finished extensions with the song(s) it
 * continues into one whole song (free). 开始合成 sends a `concat` create; on success the server's sentence is shown,
 * the works reload (the new song generating) and the dialog closes. A refusal is toasted by the API client with the
 * server's message and the dialog stays open; while the request is pending the button is disabled.
 */
export function JoinDialog({ song, open, onClose }: { song: UserSong; open: boolean; onClose: () => void }) {
  const { join, isPending } = useJoinSong();
  const titleId = useId();
  const textId = useId();

  const onConfirm = () => {
    if (isPending) return;
    void join(song.native_id).then((envelope) => {
      if (!envelope) return;
      notify(envelope.message || zhWorks.joinSubmitted, 'success');
      onClose();
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs">
      <DialogTitle id={titleId}>{zhWorks.joinTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{zhWorks.joinHint}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {zhWorks.cancel}
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={isPending} autoFocus>
          {zhWorks.joinSubmit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
