import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import LogoutIcon from 'icon:Logout';
import ReceiptLongIcon from 'icon:ReceiptLong';
import RedeemIcon from 'icon:Redeem';
import WorkspacePremiumIcon from 'icon:WorkspacePremium';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SessionStates } from '../../components/SessionStates';
import { StatusState } from '../../components/StatusState';
import { logout, useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/date';
import { requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';
import { zhProfile } from '../../strings/profile';
import type { UserProfile } from '../../lib/types';
import { NicknameEditor } from './components/NicknameEditor';

// The dialogs load on first use.
const PointsRecordDialog = lazy(() => import('./components/PointsRecordDialog'));
const RedeemDialog = lazy(() => import('./components/RedeemDialog'));

type DialogName = 'records' | 'redeem';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="gq-profile-field">
      <dt className="gq-caption gq-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /profile: the signed-in user's profile, points and membership; visitors are asked to log in. */
export default function ProfilePage() {
  const { user, isLoading } = useCurrentUser();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  // A dialog stays mounted once opened, so it can animate closed and reopen at once.
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(new Set());
  const openDialog = (name: DialogName) => {
    setMounted((m) => (m.has(name) ? m : new Set(m).add(name)));
    setDialog(name);
  };
  const closeDialog = () => setDialog(null);

  const visitorPrompt = (
    <Paper variant="outlined" className="gq-panel">
      <StatusState
        kind="empty"
        title={zh.user.loginFirstTitle}
        text={zh.user.loginFirstText}
        action={
          <Button variant="contained" onClick={requestLogin}>
            {zh.nav.login}
          </Button>
        }
      />
    </Paper>
  );
  // Until the profile has answered (and in the page the build rendered), the visitor's prompt and the loading state
  // are drawn in one place and the session hint on <html> shows one (components/SessionStates.tsx): a visitor sees the
  // prompt from the first paint, and it stays the same element once the answer is known.
  if (isLoading || !user) {
    return (
      <PageContainer maxWidth={880}>
        <PageTitle title={zhProfile.title} />
        {isLoading ? (
          <SessionStates visitor={visitorPrompt} user={<StatusState kind="loading" />} />
        ) : (
          <SessionStates visitor={visitorPrompt} />
        )}
      </PageContainer>
    );
  }

  return (
    <PageContainer maxWidth={880}>
      <PageTitle title={zhProfile.title} />
      <ProfileDetails user={user} onOpen={openDialog} />
      <Suspense fallback={null}>
        {mounted.has('records') ? <PointsRecordDialog open={dialog === 'records'} onClose={closeDialog} /> : null}
        {mounted.has('redeem') ? <RedeemDialog open={dialog === 'redeem'} onClose={closeDialog} /> : null}
      </Suspense>
    </PageContainer>
  );
}

/**
 * The signed-in user's profile: avatar, nickname (editable), level, phone, points, expiry and the actions. Rendered by
 * the build too, for its styles (src/prerender/user-styles.tsx).
 */
export function ProfileDetails({ user, onOpen }: { user: UserProfile; onOpen: (dialog: DialogName) => void }) {
  const [loggingOut, setLoggingOut] = useState(false);
  const name = user.nickname || zhProfile.title;
  const level = user.membershipLevel;
  const expiry = user.lifetime ? zh.user.lifetime : formatDate(user.expirationTime);

  return (
    <Paper variant="outlined" className="gq-panel gq-profile">
      <div className="gq-profile-head">
        {user.avatarUrl ? (
          <Avatar src={user.avatarUrl} alt={zhProfile.avatar(name)} className="gq-avatar-large" />
        ) : (
          <Avatar className="gq-avatar-large" role="img" aria-label={zhProfile.avatar(name)}>
            {Array.from(name)[0]}
          </Avatar>
        )}
        <div className="gq-profile-name">
          <NicknameEditor user={user} />
          <p className="gq-muted">{zh.user.levelText(level)}</p>
        </div>
      </div>
      <dl className="gq-profile-fields">
        <Field label={zh.user.phone}>{user.phone || '—'}</Field>
        <Field label={zh.user.points}>{user.integral}</Field>
        <Field label={zh.user.level}>{zh.user.levelText(level)}</Field>
        <Field label={zh.user.expiration}>{level >= 1 && expiry ? expiry : zhProfile.noExpiry}</Field>
      </dl>
      <div className="gq-profile-actions">
        <Button variant="outlined" startIcon={<ReceiptLongIcon />} onClick={() => onOpen('records')}>
          {zhProfile.pointsRecords}
        </Button>
        <Button variant="outlined" startIcon={<RedeemIcon />} onClick={() => onOpen('redeem')}>
          {zhProfile.redeem}
        </Button>
        <Button component={RouterLink} variant="contained" startIcon={<WorkspacePremiumIcon />} to="/member">
          {zhProfile.openMember}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<LogoutIcon />}

          disabled={loggingOut}
          onClick={() => {
            setLoggingOut(true);
            void logout();
          }}
        >
          {zh.user.logout}
        </Button>
      </div>
    </Paper>
  );
}
