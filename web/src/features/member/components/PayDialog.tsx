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
import CheckCircleIcon from 'icon:CheckCircle';
import ErrorOutlineIcon from 'icon:ErrorOutlined';
import HourglassBottomIcon from 'icon:HourglassBottom';
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
  /** Called once the dialog has closed (the page then unmounts it). */
  onExited?: () => void;
}

function Outcome({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="gq-pay-outcome">
      {icon}
      <p className="gq-h3" role="status">
        {text}
      </p>
      {children}
    </div>
  );
}

/** A contained button that shows a spinner and waits while `busy`. */
function BusyButton({ busy, onClick, children }: { busy: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      variant="contained"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
    >
      {children}
    </Button>
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

  const close = (reason?: 'escape' | 'backdrop') => {
    // A stray click beside a QR being scanned should not throw it away; 取消 and Esc still close.
    if (reason === 'backdrop' && (busy || (qr !== null && !expired))) return;
    attempt.current += 1;
    setBusy(false);
    if (ordered.current) void client.invalidateQueries({ queryKey: userDataQueryKey });
    onClose();
  };

  const renew = (
    <BusyButton busy={busy} onClick={() => void pay()}>
      {zhPay.renew}
    </BusyButton>
  );

  let body: ReactNode;
  if (stage.kind === 'paid') {
    body = <Outcome icon={<CheckCircleIcon size={56} className="gq-success-text" />} text={zhPay.success} />;
  } else if (stage.kind === 'missing') {
    body = (
      <Outcome icon={<ErrorOutlineIcon size={56} className="gq-error-text" />} text={zhPay.noOrder}>
        {renew}
      </Outcome>
    );
  } else if (stage.kind === 'redirecting') {
    body = <Outcome icon={<CircularProgress size={48} aria-hidden />} text={zhPay.redirecting} />;
  } else if (qr && expired) {
    body = (
      <Outcome icon={<HourglassBottomIcon size={56} className="gq-warning-text" />} text={zhPay.expired}>
        {renew}
      </Outcome>
    );
  } else if (qr) {
    body = (
      <div className="gq-pay-qr">
        <div className="gq-pay-qr-frame">
          <img src={qr.qrUrl} alt={zhPay.qrAlt} width={200} height={200} />
        </div>
        <p role="timer" className="gq-pay-timer">
          {zhPay.timeLeft(formatDuration(left))}
        </p>
        <p className="gq-body2 gq-muted">{zhPay.scanHint}</p>
      </div>
    );
  } else {
    body = (
      <FormControl>
        <FormLabel id={methodId}>{zhPay.method}</FormLabel>
        <RadioGroup row aria-labelledby={methodId} name="pay-method" value="wechat">
          <FormControlLabel value="wechat" control={<Radio />} label={zhPay.wechat} />
        </RadioGroup>
      </FormControl>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => close(reason === 'backdropClick' ? 'backdrop' : 'escape')}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>{zhPay.title(plan.name)}</DialogTitle>
      <DialogContent>
        {stage.kind !== 'paid' ? (
          <div className={qr ? 'gq-pay-amount gq-pay-amount-center' : 'gq-pay-amount'}>
            <span className="gq-muted">{zhPay.amount}</span>
            <span className="gq-pay-price">¥{formatYuan(plan.price)}</span>
          </div>
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
              <BusyButton busy={busy} onClick={() => void pay()}>
                {zhPay.confirm}
              </BusyButton>
            ) : null}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
