import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError, notify } from '../../../lib/api-client';
import { useCountdown } from '../../../lib/countdown';
import { userDataQueryKey } from '../../../lib/current-user';
import { formatDuration, formatYuan } from '../../../lib/format';
import { browserLocation } from '../../../lib/navigation';
import { zhPay } from '../../../strings/pay';
import { useH5Order } from '../api/useH5Order';
import { useJsapiOrder } from '../api/useJsapiOrder';
import { type PcOrder, usePcOrder } from '../api/usePcOrder';
import { usePayResultQuery } from '../api/usePayResultQuery';
import type { Plan } from '../api/usePlans';
import { detectPayContext, type PayContext } from '../pay-context';

/** How long a QR stays valid (docs/web.md). */
export const QR_SECONDS = 300;

type Stage =
  | { kind: 'choose' }
  | { kind: 'qr'; order: PcOrder }
  | { kind: 'paid' }
  | { kind: 'missing' }
  | { kind: 'redirecting' };

export interface PayDialogProps {
  plan: Plan;
  open: boolean;
  onClose: () => void;
  /** Called once the closing animation has ended (the page then unmounts the dialog). */
  onExited?: () => void;
}

function Outcome({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1.5, py: 2 }}>
      {icon}
      <Typography variant="h3" component="p" role="status">
        {text}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * The pay dialog (docs/web.md): the plan, its amount and the payment method (微信支付), then by
 * browser: in WeChat on a phone POST /pay/jsapi and go to its order_url; in another phone browser POST /pay/h5 and go
 * to the URL it gives; on a PC POST /pay/jsapiPc and show the QR for 5:00 while GET /pay/resultQuery is polled every
 * 3 s. 1 → 支付成功！感谢您的支持！ (the profile reloads); -1 → 订单不存在; at 00:00 the QR expires and 重新获取 makes a
 * new order. 取消 clears the QR and stops polling. Server errors are shown by the API client.
 */
export default function PayDialog({ plan, open, onClose, onExited }: PayDialogProps) {
  const titleId = useId();
  const methodId = useId();
  const client = useQueryClient();
  const [context] = useState<PayContext>(() => detectPayContext());
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const { left, start, stop } = useCountdown();
  const pcOrder = usePcOrder();
  const h5Order = useH5Order();
  const jsapiOrder = useJsapiOrder();
  // Each attempt gets a number; closing moves it on so an answer arriving after 取消 is ignored.
  const attempt = useRef(0);
  // Whether this dialog created an order: closing then reloads the profile (a payment may have landed meanwhile).
  const ordered = useRef(false);

  const qr = stage.kind === 'qr' ? stage.order : null;
  const expired = qr !== null && left === 0;
  const result = usePayResultQuery(qr?.requestId ?? null, open && qr !== null && !expired);
  const status = result.data;

  useEffect(() => {
    if (stage.kind !== 'qr') return;
    if (status === 1) {
      setStage({ kind: 'paid' });
      stop();
      void client.invalidateQueries({ queryKey: userDataQueryKey });
    } else if (status === -1) {
      setStage({ kind: 'missing' });
      stop();
    }
  }, [status, stage.kind, stop, client]);

  const pay = async () => {
    if (busy) return;
    const mine = ++attempt.current;
    setBusy(true);
    try {
      if (context === 'pc') {
        const order = await pcOrder.mutateAsync(plan.id);
        if (mine !== attempt.current) return;
        ordered.current = true;
        setStage({ kind: 'qr', order });
        start(QR_SECONDS);
      } else {
        const url = context === 'wechat' ? await jsapiOrder.mutateAsync(plan.id) : await h5Order.mutateAsync(plan.id);
        if (mine !== attempt.current) return;
        ordered.current = true;
        setStage({ kind: 'redirecting' });
        browserLocation.assign(url);
      }
    } catch (error) {
      // An ApiError was already shown (the server's message); anything else is an answer we cannot use.
      if (mine === attempt.current && !(error instanceof ApiError)) notify(zhPay.badAnswer, 'error');
    } finally {
      if (mine === attempt.current) setBusy(false);
    }
  };

  const close = (_event?: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => {
    // A stray click beside a QR being scanned should not throw it away; 取消 and Esc still close.
    if (reason === 'backdropClick' && (busy || (qr !== null && !expired))) return;
    attempt.current += 1;
    setBusy(false);
    if (ordered.current) void client.invalidateQueries({ queryKey: userDataQueryKey });
    onClose();
  };

  const renew = (
    <Button variant="contained" onClick={() => void pay()} loading={busy}>
      {zhPay.renew}
    </Button>
  );

  let body: ReactNode;
  if (stage.kind === 'paid') {
    body = <Outcome icon={<CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />} text={zhPay.success} />;
  } else if (stage.kind === 'missing') {
    body = (
      <Outcome icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden />} text={zhPay.noOrder}>
        {renew}
      </Outcome>
    );
  } else if (stage.kind === 'redirecting') {
    body = <Outcome icon={<CircularProgress size={48} aria-hidden />} text={zhPay.redirecting} />;
  } else if (qr && expired) {
    body = (
      <Outcome icon={<HourglassBottomIcon color="warning" sx={{ fontSize: 56 }} aria-hidden />} text={zhPay.expired}>
        {renew}
      </Outcome>
    );
  } else if (qr) {
    body = (
      <Stack sx={{ alignItems: 'center', gap: 1 }}>
        <Box sx={{ bgcolor: '#fff', p: 1, borderRadius: 1, lineHeight: 0, border: 1, borderColor: 'divider' }}>
          <Box component="img" src={qr.qrUrl} alt={zhPay.qrAlt} width={200} height={200} sx={{ display: 'block' }} />
        </Box>
        <Typography role="timer" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          {zhPay.timeLeft(formatDuration(left))}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {zhPay.scanHint}
        </Typography>
      </Stack>
    );
  } else {
    body = (
      <FormControl>
        <FormLabel id={methodId}>{zhPay.method}</FormLabel>
        <RadioGroup aria-labelledby={methodId} value="wechat" name="pay-method">
          <FormControlLabel value="wechat" control={<Radio />} label={zhPay.wechat} />
        </RadioGroup>
      </FormControl>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>{zhPay.title(plan.name)}</DialogTitle>
      <DialogContent>
        {stage.kind !== 'paid' ? (
          <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, mb: 2, justifyContent: qr ? 'center' : 'flex-start' }}>
            <Typography sx={{ color: 'text.secondary' }}>{zhPay.amount}</Typography>
            <Typography component="span" sx={{ fontSize: '1.75rem', fontWeight: 800, color: 'primary.main' }}>
              ¥{formatYuan(plan.price)}
            </Typography>
          </Stack>
        ) : null}
        {body}
      </DialogContent>
      <DialogActions>
        {stage.kind === 'paid' ? (
          <Button variant="contained" onClick={() => close()}>
            {zhPay.done}
          </Button>
        ) : (
          <>
            <Button onClick={() => close()}>{zhPay.cancel}</Button>
            {stage.kind === 'choose' ? (
              <Button variant="contained" onClick={() => void pay()} loading={busy}>
                {zhPay.confirm}
              </Button>
            ) : null}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
