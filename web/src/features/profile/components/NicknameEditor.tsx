import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useState } from 'react';
import { CrownIcon } from '../../../components/CrownIcon';
import { notify } from '../../../lib/api-client';
import type { UserProfile } from '../../../lib/types';
import { zhProfile } from '../../../strings/profile';
import { useUpdateUserName } from '../api/useUpdateUserName';
import { checkNickname, NICKNAME_MAX } from '../nickname';

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
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography variant="h2" component="h2" noWrap>
          {name}
        </Typography>
        {user.membershipLevel >= 1 ? <CrownIcon fontSize="medium" /> : null}
        <IconButton size="small" aria-label={zhProfile.editNickname} title={zhProfile.editNickname} onClick={open}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Stack>
    );
  }

  const length = Array.from(value.trim()).length;
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        label={zhProfile.nickname}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        error={!!error}
        helperText={error ?? `${length}/${NICKNAME_MAX}`}
        size="small"
        autoFocus
        autoComplete="nickname"
        sx={{ width: { xs: '100%', sm: 240 } }}
      />
      <Stack direction="row" sx={{ gap: 1, pt: 0.5 }}>
        <Button variant="contained" size="small" onClick={save} disabled={update.isPending}>
          {zhProfile.save}
        </Button>
        <Button size="small" color="inherit" onClick={close}>
          {zhProfile.cancel}
        </Button>
      </Stack>
    </Stack>
  );
}
