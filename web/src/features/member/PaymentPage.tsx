import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import CheckCircleIcon from 'icon:CheckCircle';
import ErrorOutlineIcon from 'icon:ErrorOutlined';
import HourglassTopIcon from 'icon:HourglassTop';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SessionStates } from '../../components/SessionStates';
import { useCurrentUser, useRefreshCurrentUser } from '../../lib/current-user';
import { useHydrated } from '../../lib/hydration';
import { hasToken, requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';
import { zhPayment } from '../../strings/payment';
import { usePaymentResult } from './api/usePaymentResult';

/** How long the page waits for the payment (docs/web.md). */
export const PAYMENT_WAIT_SECONDS = 28;

function useCountdown(from: number, running: boolean): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (!running || left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, running]);
  return left;
}

/** One state of the page: its icon, its sentence and what to do next. */
function PaymentStatus({ icon, text, actions }: { icon: ReactNode; text: string; actions: ReactNode }) {
  return (
    <div className="gq-payment-status" role="status" aria-live="polite">
      {icon}
      <p className="gq-h2">{text}</p>
      {actions}
    </div>
  );
}

/**
 * /payment?taskId=: where H5 and JSAPI payments come back to; waits up to 28 s for the order's result. An order's
 * result is its buyer's to see: a visitor (no session, or one that expired) is asked to log in instead.
 *
 * The build renders the page before its address and the session are known (scripts/prerender.mjs): the waiting state
 * and the visitor's prompt in one place (components/SessionStates.tsx), of which the session hint shows the one that
 * fits from the first paint. Once hydrated, the page reads the order from its address and asks for the result.
 */
export default function PaymentPage() {
  const [params] = useSearchParams();
  // While React hydrates, the page renders as the build did (lib/hydration.ts).
  const hydrated = useHydrated();
  const taskId = params.get('taskId')?.trim() ?? '';
  const { isLoggedIn, isLoading } = useCurrentUser();
  const visitor = hydrated && (!hasToken() || (!isLoading && !isLoggedIn));
  const [settled, setSettled] = useState(false);
  const waiting = hydrated && !settled && !visitor;
  const left = useCountdown(PAYMENT_WAIT_SECONDS, waiting);
  const result = usePaymentResult(hydrated && !visitor ? taskId : '', waiting && left > 0);
  const refreshUser = useRefreshCurrentUser();
  const status = result.data;

  useEffect(() => {
    if (status === 1 || status === -1) {
      setSettled(true);
      if (status === 1) void refreshUser();
    }
  }, [status, refreshUser]);

  if (hydrated && !taskId) return <Navigate to="/" replace />;

  const home = (
    <Button component={RouterLink} variant="contained" to="/">
      {zhPayment.backHome}
    </Button>
  );
  const signIn = (
    <PaymentStatus
      icon={<HourglassTopIcon size={64} className="gq-warning-text" />}
      text={zhPayment.signIn}
      actions={
        <Button variant="contained" onClick={requestLogin}>
          {zh.nav.login}
        </Button>
      }
    />
  );
  const pending = (
    <PaymentStatus
      icon={<CircularProgress size={56} aria-hidden />}
      text={zhPayment.waiting}
      actions={<p className="gq-body2 gq-muted">{zhPayment.countdown(left)}</p>}
    />
  );

  let body;
  if (!hydrated) body = <SessionStates visitor={signIn} user={pending} />;
  else if (visitor) body = <SessionStates visitor={signIn} />;
  else if (status === 1)
    body = (
      <PaymentStatus
        icon={<CheckCircleIcon size={64} className="gq-success-text" />}
        text={zhPayment.success}
        actions={home}
      />
    );
  else if (status === -1)
    body = (
      <PaymentStatus
        icon={<ErrorOutlineIcon size={64} className="gq-error-text" />}
        text={zhPayment.noOrder}
        actions={home}
      />
    );
  else if (left <= 0)
    body = (
      <PaymentStatus
        icon={<HourglassTopIcon size={64} className="gq-warning-text" />}
        text={zhPayment.timeout}
        actions={
          <div className="gq-payment-actions">
            <Button variant="contained" onClick={() => window.location.reload()}>
              {zhPayment.refresh}
            </Button>
            <Button component={RouterLink} variant="outlined" to="/contactUs">
              {zhPayment.contact}
            </Button>
          </div>
        }
      />
    );
  else body = pending;

  return (
    <PageContainer maxWidth={640}>
      <PageTitle title={zhPayment.title} />
      <Paper variant="outlined" className="gq-panel gq-payment">
        {body}
      </Paper>
    </PageContainer>
  );
}
