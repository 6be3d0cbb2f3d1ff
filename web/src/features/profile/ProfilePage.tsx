import LogoutIcon from '@mui/icons-material/Logout';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RedeemIcon from '@mui/icons-material/Redeem';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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

// The dialogs load on first use (the table and pagination stay out of the page's chunk).
const PointsRecordDialog = lazy(() => import('./components/PointsRecordDialog'));
const RedeemDialog = lazy(() => import('./components/RedeemDialog'));

type DialogName = 'records' | 'redeem';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
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
        <Paper variant="outlined">
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
      </PageContainer>
    );
  }

  const name = user.nickname || zhProfile.title;
  const level = user.membershipLevel;
  const expiry = user.lifetime ? zh.user.lifetime : formatDate(user.expirationTime);

  return (
    <PageContainer maxWidth={880}>
      <PageTitle title={zhProfile.title} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
          <Avatar src={user.avatarUrl ?? undefined} alt={zhProfile.avatar(name)} sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 32 }}>
            {Array.from(name)[0]}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <NicknameEditor user={user} />
            <Typography sx={{ color: 'text.secondary' }}>{zh.user.levelText(level)}</Typography>
          </Box>
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            mt: 3,
            mb: 0,
          }}
        >
          <Field label={zh.user.phone}>{user.phone || '—'}</Field>
          <Field label={zh.user.points}>{user.integral}</Field>
          <Field label={zh.user.level}>{zh.user.levelText(level)}</Field>
          <Field label={zh.user.expiration}>{level >= 1 && expiry ? expiry : zhProfile.noExpiry}</Field>
        </Box>
        <Stack direction="row" sx={{ gap: 1.5, mt: 3, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<ReceiptLongIcon />} onClick={() => openDialog('records')}>
            {zhProfile.pointsRecords}
          </Button>
          <Button variant="outlined" startIcon={<RedeemIcon />} onClick={() => openDialog('redeem')}>
            {zhProfile.redeem}
          </Button>
          <Button component={RouterLink} to="/member" variant="contained" startIcon={<WorkspacePremiumIcon />}>
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
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        {mounted.has('records') ? <PointsRecordDialog open={dialog === 'records'} onClose={closeDialog} /> : null}
        {mounted.has('redeem') ? <RedeemDialog open={dialog === 'redeem'} onClose={closeDialog} /> : null}
      </Suspense>
    </PageContainer>
  );
}
