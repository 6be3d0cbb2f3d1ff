import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { StatusState } from '../../components/StatusState';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';
import { usePlans } from './api/usePlans';
import { PlanCard } from './components/PlanCard';

/**
 * /member: the plan catalogue from GET /pay/plans and the rights summary. Visitors are asked to log in first;
 * the pay dialog (QR / H5 / JSAPI) joins with the payment work, so buying is not offered yet.
 */
export default function MemberPage() {
  const plans = usePlans();
  const { isLoggedIn } = useCurrentUser();

  let body;
  if (plans.isPending) body = <StatusState kind="loading" />;
  else if (plans.isError) {
    const network = plans.error instanceof ApiError && (plans.error.kind === 'network' || plans.error.kind === 'timeout');
    body = <StatusState kind="error" text={network ? undefined : plans.error.message || undefined} />;
  } else if (plans.data.length === 0) body = <StatusState kind="empty" />;
  else
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {plans.data.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              isLoggedIn
                ? { label: zh.member.buy, disabled: true }
                : { label: zh.member.loginToBuy, onClick: requestLogin }
            }
          />
        ))}
      </Box>
    );

  return (
    <PageContainer>
      <PageTitle title={zh.member.title} subtitle={zh.member.subtitle} />
      {body}
      <Paper variant="outlined" component="section" aria-labelledby="member-rights" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography id="member-rights" variant="h2" component="h2" sx={{ mb: 1 }}>
          {zh.member.rightsTitle}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', lineHeight: 1.9 }}>
          {zh.member.rights.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      </Paper>
    </PageContainer>
  );
}
