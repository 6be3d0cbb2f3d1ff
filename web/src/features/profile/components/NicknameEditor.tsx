import IconButton from '@mui/material/IconButton';
import EditOutlinedIcon from 'icon:EditOutlined';
import { lazy, Suspense, useState } from 'react';
import { CrownIcon } from '../../../components/CrownIcon';
import type { UserProfile } from '../../../lib/types';
import { zhProfile } from '../../../strings/profile';

// The editor's text field loads when it is first opened, so the profile page's first load leaves it out.
const NicknameForm = lazy(() => import('./NicknameForm'));

/** The nickname with its crown, and the inline editor (NicknameForm) behind the pencil (修改昵称). */
export function NicknameEditor({ user }: { user: UserProfile }) {
  const [editing, setEditing] = useState(false);
  const name = user.nickname || zhProfile.title;
  const view = (
    <div className="gq-nickname">
      <h2 className="gq-h2 gq-nowrap">{name}</h2>
      {user.membershipLevel >= 1 ? <CrownIcon fontSize="medium" /> : null}
      <IconButton
        size="small"
        aria-label={zhProfile.editNickname}
        title={zhProfile.editNickname}
        onClick={() => setEditing(true)}
      >
        <EditOutlinedIcon size={20} />
      </IconButton>
    </div>
  );
  if (!editing) return view;
  return (
    <Suspense fallback={view}>
      <NicknameForm user={user} onClose={() => setEditing(false)} />
    </Suspense>
  );
}
