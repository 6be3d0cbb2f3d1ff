import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { zhProfile } from '../../../strings/profile';
import { useRedeem } from '../api/useRedeem';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';

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
    <Modal open={open} onClose={close} labelledBy={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="gq-dialog-title">
          {zhProfile.redeemTitle}
        </h2>
        <div className="gq-dialog-content">
          <TextField
            label={zhProfile.redeemLabel}
            placeholder={zhProfile.redeemPlaceholder}
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            error={!!error}
            helper={error ?? zhProfile.redeemHint}
            autoComplete="off"
            autoFocus
            maxLength={64}
            spellCheck={false}
          />
        </div>
        <div className="gq-dialog-actions gq-form-actions">
          <button type="button" className="gq-button" onClick={close}>
            {zhProfile.cancel}
          </button>
          <button type="submit" className="gq-button gq-button-contained" disabled={redeem.isPending}>
            {zhProfile.redeemSubmit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
