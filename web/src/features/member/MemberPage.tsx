import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { StatusState } from '../../components/StatusState';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';
import { zhMember } from '../../strings/member';
import { type Plan, usePlans } from './api/usePlans';
import { PLAN_CARD_MIN_HEIGHT, PlanCard } from './components/PlanCard';

// Loaded on first use, so the member page's first chunk stays small.
const PayDialog = lazy(() => import('./components/PayDialog'));

/** The plan being bought; `key` changes on every opening so each purchase starts afresh. */
interface Purchase {
  plan: Plan;
  open: boolean;
  key: number;
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const PLAN_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

/** The catalogue's six cards (docs/product.md) hold their place while it loads: no layout shift when it arrives. */
function PlanPlaceholders() {
  return (
    <Box role="status" aria-live="polite" sx={PLAN_GRID}>
      <Box component="span" sx={visuallyHidden}>
        {zh.states.loadingTitle}
      </Box>
      {Array.from({ length: 6 }, (_, i) => (
        <Paper key={i} variant="outlined" aria-hidden sx={{ minHeight: PLAN_CARD_MIN_HEIGHT, opacity: 0.5 }} />
      ))}
    </Box>
  );
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

  // The cards are built in a background render (React splits it into short slices); until then the grid keeps their
  // place, so nothing below moves when they arrive.
  const planList = useDeferredValue(plans.data);
  let body;
  if (plans.isPending || (plans.data && !planList)) body = <PlanPlaceholders />;
  else if (plans.isError) {
    const network = plans.error instanceof ApiError && (plans.error.kind === 'network' || plans.error.kind === 'timeout');
    body = <StatusState kind="error" text={network ? undefined : plans.error.message || undefined} />;
  } else if (!planList || planList.length === 0) body = <StatusState kind="empty" />;
  else
    body = (
      <Box sx={PLAN_GRID}>
        {planList.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              isLoggedIn
                ? { label: zhMember.buy, onClick: () => buy(plan) }
                : { label: zhMember.loginToBuy, onClick: requestLogin }
            }
          />
        ))}
      </Box>
    );

  return (
    <PageContainer>
      <PageTitle title={zhMember.title} subtitle={zhMember.subtitle} />
      {body}
      <Paper variant="outlined" component="section" aria-labelledby="member-rights" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography id="member-rights" variant="h2" component="h2" sx={{ mb: 1 }}>
          {zhMember.rightsTitle}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', lineHeight: 1.9 }}>
          {zhMember.rights.map((line) => (
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
