import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useRefreshCurrentUser } from '../../lib/current-user';
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

/** /payment?taskId=: where H5 and JSAPI payments come back to; waits up to 28 s for the order's result. */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const taskId = params.get('taskId')?.trim() ?? '';
  const [settled, setSettled] = useState(false);
  const left = useCountdown(PAYMENT_WAIT_SECONDS, !settled);
  const result = usePaymentResult(taskId, !settled && left > 0);
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
    <Button component={RouterLink} to="/" variant="contained">
      {zhPayment.backHome}
    </Button>
  );
  if (status === 1) {
    icon = <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />;
    text = zhPayment.success;
  } else if (status === -1) {
    icon = <ErrorOutlineIcon color="error" sx={{ fontSize: 64 }} aria-hidden />;
    text = zhPayment.noOrder;
  } else if (left <= 0) {
    icon = <HourglassTopIcon color="warning" sx={{ fontSize: 64 }} aria-hidden />;
    text = zhPayment.timeout;
    actions = (
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {zhPayment.refresh}
        </Button>
        <Button component={RouterLink} to="/contactUs" variant="outlined">
          {zhPayment.contact}
        </Button>
      </Stack>
    );
  } else {
    icon = <CircularProgress size={56} aria-hidden />;
    text = zhPayment.waiting;
    actions = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {zhPayment.countdown(left)}
      </Typography>
    );
  }

  return (
    <PageContainer maxWidth={640}>
      <PageTitle title={zhPayment.title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 2 }} role="status" aria-live="polite">
          {icon}
          <Typography variant="h2" component="p">
            {text}
          </Typography>
          {actions}
        </Stack>
      </Paper>
    </PageContainer>
  );
}
