import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { zhProfile } from '../../../strings/profile';
import { useRedeem } from '../api/useRedeem';

/** The 兑换码 dialog: empty → 请输入兑换码 with no call; else POST /user/redeem; the server's message on failure. */
export default function RedeemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redeem = useRedeem();

  const close = () => {
    onClose();
    setCode('');
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (redeem.isPending) return;
    const value = code.trim();
    if (!value) {
      setError(zhProfile.enterRedeemCode);
      return;
    }
    redeem.mutate(value, {
      onSuccess: (result) => {
        notify(zhProfile.redeemSuccess(result.integral), 'success');
        close();
      },
      // On failure the API client shows the server's message (兑换码无效); the dialog stays open.
    });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate className="gq-dialog-form">
        <DialogTitle id={titleId}>{zhProfile.redeemTitle}</DialogTitle>
        <DialogContent>
          <TextField
            label={zhProfile.redeemLabel}
            placeholder={zhProfile.redeemPlaceholder}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? zhProfile.redeemHint}
            autoComplete="off"
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{zhProfile.cancel}</Button>
          <Button type="submit" variant="contained" disabled={redeem.isPending}>
            {zhProfile.redeemSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
