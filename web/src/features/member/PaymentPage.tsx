import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import CheckCircleIcon from 'icon:CheckCircle';
import ErrorOutlineIcon from 'icon:ErrorOutlined';
import HourglassTopIcon from 'icon:HourglassTop';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useCurrentUser, useRefreshCurrentUser } from '../../lib/current-user';
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

/** /payment?taskId=: where H5 and JSAPI payments come back to; waits up to 28 s for the order's result. An order's
 * result is its buyer's to see: a visitor (no session, or one that expired) is asked to log in instead. */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const taskId = params.get('taskId')?.trim() ?? '';
  const { isLoggedIn, isLoading } = useCurrentUser();
  const visitor = !hasToken() || (!isLoading && !isLoggedIn);
  const [settled, setSettled] = useState(false);
  const left = useCountdown(PAYMENT_WAIT_SECONDS, !settled && !visitor);
  const result = usePaymentResult(visitor ? '' : taskId, !settled && !visitor && left > 0);
  const refreshUser = useRefreshCurrentUser();
  const status = result.data;

  useEffect(() => {
    if (status === 1 || status === -1) {
      setSettled(true);
      if (status === 1) void refreshUser();
    }
  }, [status, refreshUser]);

  if (!taskId) return <Navigate to="/" replace />;

  let icon;
  let text: string;
  let actions = (
    <Button component={RouterLink} variant="contained" to="/">
      {zhPayment.backHome}
    </Button>
  );
  if (visitor) {
    icon = <HourglassTopIcon size={64} className="gq-warning-text" />;
    text = zhPayment.signIn;
    actions = (
      <Button variant="contained" onClick={requestLogin}>
        {zh.nav.login}
      </Button>
    );
  } else if (status === 1) {
    icon = <CheckCircleIcon size={64} className="gq-success-text" />;
    text = zhPayment.success;
  } else if (status === -1) {
    icon = <ErrorOutlineIcon size={64} className="gq-error-text" />;
    text = zhPayment.noOrder;
  } else if (left <= 0) {
    icon = <HourglassTopIcon size={64} className="gq-warning-text" />;
    text = zhPayment.timeout;
    actions = (
      <div className="gq-payment-actions">
        <Button variant="contained" onClick={() => window.location.reload()}>
          {zhPayment.refresh}
        </Button>
        <Button component={RouterLink} variant="outlined" to="/contactUs">
          {zhPayment.contact}
        </Button>
      </div>
    );
  } else {
    icon = <CircularProgress size={56} aria-hidden />;
    text = zhPayment.waiting;
    actions = <p className="gq-body2 gq-muted">{zhPayment.countdown(left)}</p>;
  }

  return (
    <PageContainer maxWidth={640}>
      <PageTitle title={zhPayment.title} />
      <Paper variant="outlined" className="gq-panel gq-payment">
        <div className="gq-payment-status" role="status" aria-live="polite">
          {icon}
          <p className="gq-h2">{text}</p>
          {actions}
        </div>
      </Paper>
    </PageContainer>
  );
}
