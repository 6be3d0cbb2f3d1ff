import ChatIcon from '@mui/icons-material/Chat';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type FormEvent, useId, useRef, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { useCountdown } from '../../../lib/countdown';
import { pageReload, setToken } from '../../../lib/session';
import { zhAuth } from '../../../strings/auth';
import { loginWithPhone, sendLoginCode } from '../api/login';
import { phoneError as checkPhone } from '../phone';
import { type LegalKind, LegalDialog } from './LegalDialog';

/** Wait between asking for a code and the next request (docs/web.md). */
export const CODE_RESEND_SECONDS = 60;
/** The success toast stays this long before the page reloads (docs/web.md: the token is stored, then a reload). */
export const LOGIN_RELOAD_DELAY_MS = 600;

function AgreementRow({
  id,
  checked,
  onChange,
  checkboxLabel,
  linkText,
  onOpen,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  checkboxLabel: string;
  linkText: string;
  onOpen: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', ml: -1 }}>
      <Checkbox
        id={id}
        size="small"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-label': checkboxLabel } }}
      />
      <Typography component="label" htmlFor={id} variant="body2" sx={{ cursor: 'pointer' }}>
        {zhAuth.agreePrefix}
      </Typography>
      <Link component="button" type="button" variant="body2" onClick={onOpen} sx={{ verticalAlign: 'baseline' }}>
        {linkText}
      </Link>
    </Box>
  );
}

/**
 * The login dialog (docs/web.md): phone and SMS code with the three-state 获取验证码 button, the agreement and
 * privacy checkboxes with their full texts, 登录 and 取消, other methods (暂未开放). Success stores the token,
 * toasts 登录成功，请稍候 and reloads the page. Server errors are shown by the API client.
 */
export default function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const ids = { title: useId(), agreement: useId(), privacy: useId() };
  const codeInput = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [agreement, setAgreement] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [legal, setLegal] = useState<LegalKind | null>(null);
  const [sending, setSending] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown();

  const codeButtonLabel =
    countdown.left > 0 ? zhAuth.retryIn(countdown.left) : codeSent ? zhAuth.getAgain : zhAuth.getCode;

  const onGetCode = async () => {
    const error = checkPhone(phone);
    setPhoneError(error);
    if (error) return;
    setSending(true);
    try {
      const message = await sendLoginCode(phone.trim());
      notify(message || zhAuth.codeSent, 'success');
      setCodeSent(true);
      countdown.start(CODE_RESEND_SECONDS);
      codeInput.current?.focus();
    } catch {
      // The API client has shown the server's message (e.g. 操作过于频繁，请稍后再试).
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const pError = checkPhone(phone);
    const cError = code.trim() ? null : zhAuth.enterCode;
    setPhoneError(pError);
    setCodeError(cError);
    if (pError || cError) return;
    if (!agreement || !privacy) {
      notify(zhAuth.mustAgree, 'warning');
      return;
    }
    setSubmitting(true);
    try {
      const result = await loginWithPhone(phone.trim(), code.trim());
      setToken(result.token);
      notify(zhAuth.loginSuccess, 'success');
      window.setTimeout(() => pageReload.reload(), LOGIN_RELOAD_DELAY_MS);
    } catch {
      // The API client has shown the server's message (验证码错误, 验证码已过期，请重新获取, ...).
      setSubmitting(false);
    }
  };

  const notOpen = () => notify(zhAuth.notOpen, 'info');

  return (
    <>
      <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="xs" fullWidth aria-labelledby={ids.title}>
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle id={ids.title}>{zhAuth.dialogTitle}</DialogTitle>
          <DialogContent>
            <Stack sx={{ gap: 2, pt: 1 }}>
              <TextField
                label={zhAuth.phone}
                placeholder={zhAuth.phonePlaceholder}
                value={phone}
                onChange={(e) => {
                  setPhone(e.target.value.replace(/\D/g, '').slice(0, 11));
                  setPhoneError(null);
                }}
                error={!!phoneError}
                helperText={phoneError ?? zhAuth.hint}
                autoComplete="tel"
                type="tel"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
                fullWidth
                autoFocus
              />
              <TextField
                label={zhAuth.code}
                placeholder={zhAuth.codePlaceholder}
                value={code}
                inputRef={codeInput}
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
                        <Button
                          onClick={onGetCode}
                          disabled={sending || countdown.left > 0}
                          size="small"
                          sx={{ whiteSpace: 'nowrap', minWidth: 96 }}
                        >
                          {codeButtonLabel}
                        </Button>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Box>
                <AgreementRow
                  id={ids.agreement}
                  checked={agreement}
                  onChange={setAgreement}
                  checkboxLabel={zhAuth.agreementCheckbox}
                  linkText={zhAuth.agreementLink}
                  onOpen={() => setLegal('agreement')}
                />
                <AgreementRow
                  id={ids.privacy}
                  checked={privacy}
                  onChange={setPrivacy}
                  checkboxLabel={zhAuth.privacyCheckbox}
                  linkText={zhAuth.privacyLink}
                  onOpen={() => setLegal('privacy')}
                />
              </Box>
              <Divider>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {zhAuth.otherMethods}
                </Typography>
              </Divider>
              <Stack role="group" aria-label={zhAuth.otherMethods} direction="row" sx={{ justifyContent: 'center', gap: 2 }}>
                <Button color="inherit" size="small" startIcon={<ChatIcon />} onClick={notOpen}>
                  {zhAuth.wechatLogin}
                </Button>
                <Button color="inherit" size="small" startIcon={<PhoneAndroidIcon />} onClick={notOpen}>
                  {zhAuth.oneTapLogin}
                </Button>
              </Stack>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>{zhAuth.cancel}</Button>
            <Button type="submit" variant="contained" disabled={submitting}>
              {zhAuth.login}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <LegalDialog
        kind={legal}
        onClose={() => setLegal(null)}
        onAgree={(kind) => {
          if (kind === 'agreement') setAgreement(true);
          else setPrivacy(true);
          setLegal(null);
        }}
      />
    </>
  );
}
