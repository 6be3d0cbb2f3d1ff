import ChatIcon from '@mui/icons-material/Chat';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type FormEvent, useEffect, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { pageReload, setToken } from '../../../lib/session';
import { zh } from '../../../strings/zh-CN';
import { loginWithPhone, sendLoginCode } from '../api/login';

export const CODE_RESEND_SECONDS = 60;
const PHONE_PATTERN = /^1\d{10}$/;

/** The get-code button's three states (SPEC.md §4): initial, counting down, get again. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return {
    left,
    label: left > 0 ? zh.auth.retryIn(left) : used ? zh.auth.getAgain : zh.auth.getCode,
    start: () => {
      setUsed(true);
      setLeft(CODE_RESEND_SECONDS);
    },
  };
}

export default function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown();

  const checkPhone = (): string | null => {
    const value = phone.trim();
    if (!value) return zh.auth.enterPhone;
    if (!PHONE_PATTERN.test(value)) return zh.auth.invalidPhone;
    return null;
  };

  const onGetCode = async () => {
    const error = checkPhone();
    setPhoneError(error);
    if (error) {
      notify(error, 'warning');
      return;
    }
    setSending(true);
    try {
      const message = await sendLoginCode(phone.trim());
      notify(message || zh.auth.codeSent, 'success');
      countdown.start();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const pError = checkPhone();
    const cError = code.trim() ? null : zh.auth.enterCode;
    setPhoneError(pError);
    setCodeError(cError);
    if (pError || cError) return;
    setSubmitting(true);
    try {
      const result = await loginWithPhone(phone.trim(), code.trim());
      setToken(result.token);
      notify(zh.auth.loginSuccess, 'success');
      pageReload.reload();
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="xs" fullWidth aria-labelledby="login-dialog-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="login-dialog-title">{zh.auth.dialogTitle}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <TextField
              label={zh.auth.phone}
              placeholder={zh.auth.phonePlaceholder}
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value.replace(/\D/g, '').slice(0, 11));
                setPhoneError(null);
              }}
              error={!!phoneError}
              helperText={phoneError ?? zh.auth.hint}
              autoComplete="tel"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
              fullWidth
              autoFocus
            />
            <TextField
              label={zh.auth.code}
              placeholder={zh.auth.codePlaceholder}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\s/g, '').slice(0, 8));
                setCodeError(null);
              }}
              error={!!codeError}
              helperText={codeError ?? ' '}
              autoComplete="one-time-code"
              fullWidth
              slotProps={{
                htmlInput: { inputMode: 'numeric', maxLength: 8 },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Button onClick={onGetCode} disabled={sending || countdown.left > 0} size="small">
                        {countdown.label}
                      </Button>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Divider>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {zh.auth.otherMethods}
              </Typography>
            </Divider>
            <Stack direction="row" sx={{ justifyContent: 'center' }}>
              <IconButton aria-label={zh.auth.wechatLogin} onClick={() => notify(zh.auth.notOpen, 'info')}>
                <ChatIcon />
              </IconButton>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{zh.auth.cancel}</Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {zh.auth.login}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
