import Button from '@mui/material/Button';
import { type KeyboardEvent, useState } from 'react';
import { notify } from '../../../lib/api-client';
import type { UserProfile } from '../../../lib/types';
import { zhProfile } from '../../../strings/profile';
import { OutlinedTextField as TextField } from '../../../ui/OutlinedTextField';
import { useUpdateUserName } from '../api/useUpdateUserName';
import { checkNickname, NICKNAME_MAX } from '../nickname';

/**
 * The inline nickname editor of NicknameEditor (its own chunk, loaded when 修改昵称 is pressed): Enter or 保存 saves,
 * Escape or 取消 cancels; an unchanged name just closes the editor.
 */
export default function NicknameForm({ user, onClose }: { user: UserProfile; onClose: () => void }) {
  const [value, setValue] = useState(user.nickname);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUserName();
  const close = onClose;
  const save = () => {
    if (update.isPending) return;
    const check = checkNickname(value, user.nickname);
    if (check.kind === 'error') {
      setError(check.message);
      return;
    }
    if (check.kind === 'unchanged') {
      close();
      return;
    }
    update.mutate(
      { id: user.id, nickname: check.nickname },
      {
        onSuccess: () => {
          notify(zhProfile.nicknameSaved, 'success');
          close();
        },
        // On failure the API client has shown the server's message; the editor stays open.
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const length = Array.from(value.trim()).length;
  return (
    <div className="gq-nickname-editor">
      <TextField
        size="small"
        fullWidth={false}
        label={zhProfile.nickname}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        error={!!error}
        helperText={error ?? `${length}/${NICKNAME_MAX}`}
        // The editor opens on the user's click, so taking focus is what they expect.
        autoFocus
        autoComplete="nickname"
      />
      <div className="gq-nickname-buttons">
        <Button variant="contained" size="small" onClick={save} disabled={update.isPending}>
          {zhProfile.save}
        </Button>
        <Button size="small" color="inherit" onClick={close}>
          {zhProfile.cancel}
        </Button>
      </div>
    </div>
  );
}
