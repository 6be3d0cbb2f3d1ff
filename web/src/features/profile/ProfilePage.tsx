import LogoutIcon from 'icon:Logout';
import ReceiptLongIcon from 'icon:ReceiptLong';
import RedeemIcon from 'icon:Redeem';
import WorkspacePremiumIcon from 'icon:WorkspacePremium';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { StatusState } from '../../components/StatusState';
import { logout, useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/date';
import { requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';
import { zhProfile } from '../../strings/profile';
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
  const [loggingOut, setLoggingOut] = useState(false);
  const openDialog = (name: DialogName) => {
    setMounted((m) => (m.has(name) ? m : new Set(m).add(name)));
    setDialog(name);
  };
  const closeDialog = () => setDialog(null);

  if (isLoading) {
    return (
      <PageContainer maxWidth={880}>
        <PageTitle title={zhProfile.title} />
        <StatusState kind="loading" />
      </PageContainer>
    );
  }

  if (!user) {
    return (
      <PageContainer maxWidth={880}>
        <PageTitle title={zhProfile.title} />
        <div className="gq-panel">
          <StatusState
            kind="empty"
            title={zh.user.loginFirstTitle}
            text={zh.user.loginFirstText}
            action={
              <button type="button" className="gq-button gq-button-contained" onClick={requestLogin}>
                {zh.nav.login}
              </button>
            }
          />
        </div>
      </PageContainer>
    );
  }

  const name = user.nickname || zhProfile.title;
  const level = user.membershipLevel;
  const expiry = user.lifetime ? zh.user.lifetime : formatDate(user.expirationTime);

  return (
    <PageContainer maxWidth={880}>
      <PageTitle title={zhProfile.title} />
      <div className="gq-panel gq-profile">
        <div className="gq-profile-head">
          <span className="gq-avatar gq-avatar-large">
            {user.avatarUrl ? (
              <img src={user.avatarUrl} alt={zhProfile.avatar(name)} width={72} height={72} />
            ) : (
              <span role="img" aria-label={zhProfile.avatar(name)}>
                {Array.from(name)[0]}
              </span>
            )}
          </span>
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
          <button type="button" className="gq-button gq-button-outlined" onClick={() => openDialog('records')}>
            <ReceiptLongIcon />
            {zhProfile.pointsRecords}
          </button>
          <button type="button" className="gq-button gq-button-outlined" onClick={() => openDialog('redeem')}>
            <RedeemIcon />
            {zhProfile.redeem}
          </button>
          <RouterLink to="/member" className="gq-button gq-button-contained">
            <WorkspacePremiumIcon />
            {zhProfile.openMember}
          </RouterLink>
          <button
            type="button"
            className="gq-button gq-button-outlined gq-button-inherit"
            disabled={loggingOut}
            onClick={() => {
              setLoggingOut(true);
              void logout();
            }}
          >
            <LogoutIcon />
            {zh.user.logout}
          </button>
        </div>
      </div>
      <Suspense fallback={null}>
        {mounted.has('records') ? <PointsRecordDialog open={dialog === 'records'} onClose={closeDialog} /> : null}
        {mounted.has('redeem') ? <RedeemDialog open={dialog === 'redeem'} onClose={closeDialog} /> : null}
      </Suspense>
    </PageContainer>
  );
}
