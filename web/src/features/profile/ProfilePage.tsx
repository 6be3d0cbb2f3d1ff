import LogoutIcon from '@mui/icons-material/Logout';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CrownIcon } from '../../components/CrownIcon';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { StatusState } from '../../components/StatusState';
import { logout, useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/date';
import { requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';

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

/** /profile: the signed-in user's profile, points and membership. */
export default function ProfilePage() {
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return (
      <PageContainer maxWidth={880}>
        <PageTitle title={zh.profile.title} />
        <StatusState kind="loading" />
      </PageContainer>
    );
  }

  if (!user) {
    return (
      <PageContainer maxWidth={880}>
        <PageTitle title={zh.profile.title} />
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

  const name = user.nickname || zh.profile.title;
  const level = user.membershipLevel;
  const expiry = user.lifetime ? zh.user.lifetime : formatDate(user.expirationTime);

  return (
    <PageContainer maxWidth={880}>
      <PageTitle title={zh.profile.title} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
          <Avatar src={user.avatarUrl ?? undefined} alt={name} sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 32 }}>
            {Array.from(name)[0]}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Typography variant="h2" component="h2" noWrap>
                {name}
              </Typography>
              {level >= 1 ? <CrownIcon fontSize="medium" /> : null}
            </Stack>
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
          <Field label={zh.user.expiration}>{level >= 1 && expiry ? expiry : '—'}</Field>
        </Box>
        <Stack direction="row" sx={{ gap: 1.5, mt: 3, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/member" variant="contained" startIcon={<WorkspacePremiumIcon />}>
            {zh.profile.openMember}
          </Button>
          <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()}>
            {zh.user.logout}
          </Button>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
