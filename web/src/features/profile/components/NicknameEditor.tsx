import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import EditOutlinedIcon from 'icon:EditOutlined';
import { type KeyboardEvent, useState } from 'react';
import { CrownIcon } from '../../../components/CrownIcon';
import { notify } from '../../../lib/api-client';
import type { UserProfile } from '../../../lib/types';
import { zhProfile } from '../../../strings/profile';
import { useUpdateUserName } from '../api/useUpdateUserName';
import { checkNickname, NICKNAME_MAX } from '../nickname';
import { OutlinedTextField as TextField } from '../../../ui/OutlinedTextField';

/**
 * The nickname with its crown, and the inline editor behind the pencil (修改昵称): Enter or 保存 saves,
 * Escape or 取消 cancels; an unchanged name just closes the editor.
 */
export function NicknameEditor({ user }: { user: UserProfile }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUserName();
  const name = user.nickname || zhProfile.title;

  const open = () => {
    setValue(user.nickname);
    setError(null);
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    setError(null);
  };
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

  if (!editing) {
    return (
      <div className="gq-nickname">
        <h2 className="gq-h2 gq-nowrap">{name}</h2>
        {user.membershipLevel >= 1 ? <CrownIcon fontSize="medium" /> : null}
        <IconButton size="small" aria-label={zhProfile.editNickname} title={zhProfile.editNickname} onClick={open}>
          <EditOutlinedIcon size={20} />
        </IconButton>
      </div>
    );
  }

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
