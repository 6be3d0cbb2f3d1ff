import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import ChatIcon from 'icon:Chat';
import PhoneAndroidIcon from 'icon:PhoneAndroid';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { useCountdown } from '../../../lib/countdown';
import { pageReload, setToken } from '../../../lib/session';
import { zhAuth } from '../../../strings/auth';
import { usePhoneDialog } from '../../../ui/use-phone-dialog';
import { challengeRequired, loginWithPhone, sendLoginCode } from '../api/login';
import { phoneError as checkPhone } from '../phone';
import { type LegalKind, LegalDialog } from './LegalDialog';

const AltchaChallenge = lazy(() => import('./AltchaChallenge'));

/** Wait between asking for a code and the next request (docs/web.md). */
export const CODE_RESEND_SECONDS = 60;
/** The success toast stays this long before the page reloads (docs/web.md: the token is stored, then a reload). */
export const LOGIN_RELOAD_DELAY_MS = 600;

function AgreementRow({
  checked,
  onChange,
  checkboxLabel,
  linkText,
  onOpen,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  checkboxLabel: string;
  linkText: string;
  onOpen: () => void;
}) {
  const id = useId();
  return (
    <div className="gq-agree-row">
      <Checkbox
        id={id}
        size="small"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-label': checkboxLabel } }}
      />
      <label htmlFor={id} className="gq-body2">
        {zhAuth.agreePrefix}
      </label>
      <Link component="button" type="button" variant="body2" onClick={onOpen}>
        {linkText}
      </Link>
    </div>
  );
}

/** The phone number field. */
function PhoneField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      label={zhAuth.phone}
      placeholder={zhAuth.phonePlaceholder}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 11))}
      error={!!error}
      helperText={error ?? zhAuth.hint}
      autoComplete="tel"
      type="tel"
      fullWidth
      autoFocus
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
    />
  );
}

/** The SMS code field with its 获取验证码 button (three states: 获取验证码, 重新获取(N s), 重新获取). */
function CodeField({
  value,
  error,
  onChange,
  inputRef,
  buttonLabel,
  buttonDisabled,
  onGetCode,
}: {
  value: string;
  error: string | null;
  onChange: (v: string) => void;
  inputRef: React.Ref<HTMLInputElement>;
  buttonLabel: string;
  buttonDisabled: boolean;
  onGetCode: () => void;
}) {
  return (
    <TextField
      label={zhAuth.code}
      placeholder={zhAuth.codePlaceholder}
      value={value}
      inputRef={inputRef}
      onChange={(e) => onChange(e.target.value.replace(/\s/g, '').slice(0, 8))}
      error={!!error}
      helperText={error ?? '\u00a0'}
      autoComplete="one-time-code"
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 8 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button size="small" onClick={onGetCode} disabled={buttonDisabled} className="gq-login-code">
                {buttonLabel}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * The login dialog (docs/web.md): phone and SMS code with the three-state 获取验证码 button, the agreement and
 * privacy checkboxes with their full texts, 登录 and 取消, other methods (暂未开放). Success stores the token,
 * toasts 登录成功，请稍候 and reloads the page. Server errors are shown by the API client.
 *
 * The form's fields are one list (`fields` below): a field that belongs between the phone number and the code (a
 * human check, say) is one more entry there, in a component of its own.
 */
export default function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const fullScreen = usePhoneDialog();
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
  /** The server asked for a proof-of-work challenge before it sends a code (AltchaChallenge). */
  const [challenge, setChallenge] = useState(false);
  const countdown = useCountdown();

  const codeButtonLabel =
    countdown.left > 0 ? zhAuth.retryIn(countdown.left) : codeSent ? zhAuth.getAgain : zhAuth.getCode;

  const onGetCode = async (altcha?: string) => {
    const error = checkPhone(phone);
    setPhoneError(error);
    if (error) return;
    setSending(true);
    setChallenge(false);
    try {
      const message = await sendLoginCode(phone.trim(), altcha);
      notify(message || zhAuth.codeSent, 'success');
      setCodeSent(true);
      countdown.start(CODE_RESEND_SECONDS);
      codeInput.current?.focus();
    } catch (e) {
      // The API client has shown the server's message (e.g. 操作过于频繁，请稍后再试, 请先完成人机验证).
      setChallenge(challengeRequired(e));
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

  const fields: ReactNode[] = [
    <PhoneField
      key="phone"
      value={phone}
      error={phoneError}
      onChange={(value) => {
        setPhone(value);
        setPhoneError(null);
      }}
    />,
    <CodeField
      key="code"
      value={code}
      error={codeError}
      inputRef={codeInput}
      onChange={(value) => {
        setCode(value);
        setCodeError(null);
      }}
      buttonLabel={codeButtonLabel}
      buttonDisabled={sending || countdown.left > 0}
      onGetCode={() => void onGetCode()}
    />,
    // The proof-of-work challenge, when the server asks for one before it sends a code (docs/security.md).
    challenge && (
      <Suspense key="challenge" fallback={null}>
        <AltchaChallenge onSolved={(payload) => void onGetCode(payload)} />
      </Suspense>
    ),
  ];

  return (
    <>
      <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        <form onSubmit={onSubmit} noValidate className="gq-dialog-form">
          <DialogTitle id={titleId}>{zhAuth.dialogTitle}</DialogTitle>
          <DialogContent className="gq-login">
            {fields}
            <div>
              <AgreementRow
                checked={agreement}
                onChange={setAgreement}
                checkboxLabel={zhAuth.agreementCheckbox}
                linkText={zhAuth.agreementLink}
                onOpen={() => setLegal('agreement')}
              />
              <AgreementRow
                checked={privacy}
                onChange={setPrivacy}
                checkboxLabel={zhAuth.privacyCheckbox}
                linkText={zhAuth.privacyLink}
                onOpen={() => setLegal('privacy')}
              />
            </div>
            <Divider className="gq-caption gq-muted">{zhAuth.otherMethods}</Divider>
            <div role="group" aria-label={zhAuth.otherMethods} className="gq-login-others">
              <Button size="small" color="inherit" startIcon={<ChatIcon />} onClick={notOpen}>
                {zhAuth.wechatLogin}
              </Button>
              <Button size="small" color="inherit" startIcon={<PhoneAndroidIcon />} onClick={notOpen}>
                {zhAuth.oneTapLogin}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
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
