import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { notify } from '../../../lib/api-client';
import type { UserSong } from '../../../lib/types';
import { zhWorks } from '../../../strings/works';
import { useJoinSong } from '../api/useJoinSong';

/**
 * 合成完整歌曲 (docs/web.md, my works): asks before joining one of the user's finished extensions with the song(s) it
 * continues into one whole song (free). 开始合成 sends a `concat` create; on success the server's sentence is shown,
 * the works reload (the new song generating) and the dialog closes (it is mounted only while open). A refusal is
 * toasted by the API client with the server's message and the dialog stays open; while the request is pending the
 * button is disabled.
 */
export function JoinDialog({ song, onClose }: { song: UserSong; onClose: () => void }) {
  const { join, isPending } = useJoinSong();

  const onConfirm = () => {
    if (isPending) return;
    void join(song.native_id).then((envelope) => {
      if (!envelope) return;
      notify(envelope.message || zhWorks.joinSubmitted, 'success');
      onClose();
    });
  };

  return (
    <ConfirmDialog
      title={zhWorks.joinTitle}
      text={zhWorks.joinHint}
      cancelLabel={zhWorks.cancel}
      confirmLabel={zhWorks.joinSubmit}
      onCancel={onClose}
      onConfirm={onConfirm}
      busy={isPending}
    />
  );
}
