import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
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

// Loaded on first use.
const PayDialog = lazy(() => import('./components/PayDialog'));

/** The plan being bought; `key` changes on every opening so each purchase starts afresh. */
interface Purchase {
  plan: Plan;
  open: boolean;
  key: number;
}

/** The catalogue's six cards (docs/product.md) hold their place while it loads: no layout shift when it arrives. */
function PlanPlaceholders() {
  return (
    <div role="status" aria-live="polite" className="gq-plan-grid">
      <span className="gq-visually-hidden">{zh.states.loadingTitle}</span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} variant="rounded" aria-hidden className="gq-plan-placeholder" height={PLAN_CARD_MIN_HEIGHT} />
      ))}
    </div>
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
    const network =
      plans.error instanceof ApiError && (plans.error.kind === 'network' || plans.error.kind === 'timeout');
    body = <StatusState kind="error" text={network ? undefined : plans.error.message || undefined} />;
  } else if (!planList || planList.length === 0) body = <StatusState kind="empty" />;
  else
    body = (
      <div className="gq-plan-grid">
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
      </div>
    );

  return (
    <PageContainer>
      <PageTitle title={zhMember.title} subtitle={zhMember.subtitle} />
      {body}
      <Paper component="section" variant="outlined" className="gq-panel gq-rights" aria-labelledby="member-rights">
        <h2 id="member-rights" className="gq-h2">
          {zhMember.rightsTitle}
        </h2>
        <ul className="gq-muted">
          {zhMember.rights.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
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
