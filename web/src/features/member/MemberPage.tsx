import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { StatusState } from '../../components/StatusState';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';
import { type Plan, usePlans } from './api/usePlans';
import { PlanCard } from './components/PlanCard';

// Loaded on first use, so the member page's first chunk stays small.
const PayDialog = lazy(() => import('./components/PayDialog'));

/** The plan being bought; `key` changes on every opening so each purchase starts afresh. */
interface Purchase {
  plan: Plan;
  open: boolean;
  key: number;
}

/**
 * /member: the plan catalogue from GET /pay/plans and the rights summary. 立即开通 opens the pay dialog for that
 * plan; visitors get 登录后开通, which opens the login dialog.
 */
export default function MemberPage() {
  const plans = usePlans();
  const { isLoggedIn } = useCurrentUser();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const buy = (plan: Plan) => setPurchase((current) => ({ plan, open: true, key: (current?.key ?? 0) + 1 }));

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
                ? { label: zh.member.buy, onClick: () => buy(plan) }
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
      {purchase ? (
        <Suspense fallback={null}>
          <PayDialog
            key={purchase.key}
            plan={purchase.plan}
            open={purchase.open}
            onClose={() => setPurchase((current) => (current ? { ...current, open: false } : current))}
            onExited={() => setPurchase((current) => (current && !current.open ? null : current))}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
