import ChatIcon from 'icon:Chat';
import PhoneAndroidIcon from 'icon:PhoneAndroid';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { useCountdown } from '../../../lib/countdown';
import { pageReload, setToken } from '../../../lib/session';
import { zhAuth } from '../../../strings/auth';
import { challengeRequired, loginWithPhone, sendLoginCode } from '../api/login';
import { phoneError as checkPhone } from '../phone';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { type LegalKind, LegalDialog } from './LegalDialog';

const AltchaChallenge = lazy(() => import('./AltchaChallenge'));

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
    <div className="gq-agree-row">
      <input
        id={id}
        type="checkbox"
        className="gq-checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={checkboxLabel}
      />
      <label htmlFor={id} className="gq-body2">
        {zhAuth.agreePrefix}
      </label>
      <button type="button" className="gq-link-button gq-body2" onClick={onOpen}>
        {linkText}
      </button>
    </div>
  );
}

/**
 * The login dialog (docs/web.md): phone and SMS code with the three-state 获取验证码 button, the agreement and
 * privacy checkboxes with their full texts, 登录 and 取消, other methods (暂未开放). Success stores the token,
 * toasts 登录成功，请稍候 and reloads the page. Server errors are shown by the API client.
 */
export default function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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

  return (
    <>
      <Modal open={open} onClose={onClose} labelledBy={ids.title} fullScreenOnPhone>
        <form onSubmit={onSubmit} noValidate className="gq-dialog-form">
          <h2 id={ids.title} className="gq-dialog-title">
            {zhAuth.dialogTitle}
          </h2>
          <div className="gq-dialog-content gq-login">
            <TextField
              label={zhAuth.phone}
              placeholder={zhAuth.phonePlaceholder}
              value={phone}
              onChange={(value) => {
                setPhone(value.replace(/\D/g, '').slice(0, 11));
                setPhoneError(null);
              }}
              error={!!phoneError}
              helper={phoneError ?? zhAuth.hint}
              autoComplete="tel"
              type="tel"
              inputMode="numeric"
              maxLength={11}
              autoFocus
            />
            <TextField
              label={zhAuth.code}
              placeholder={zhAuth.codePlaceholder}
              value={code}
              inputRef={codeInput}
              onChange={(value) => {
                setCode(value.replace(/\s/g, '').slice(0, 8));
                setCodeError(null);
              }}
              error={!!codeError}
              helper={codeError ?? '\u00a0'}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
              end={
                <button
                  type="button"
                  className="gq-button gq-button-small gq-login-code"
                  onClick={() => onGetCode()}
                  disabled={sending || countdown.left > 0}
                >
                  {codeButtonLabel}
                </button>
              }
            />
            {challenge && (
              <Suspense fallback={null}>
                <AltchaChallenge onSolved={(payload) => void onGetCode(payload)} />
              </Suspense>
            )}
            <div>
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
            </div>
            <div className="gq-divider-text gq-caption gq-muted">
              <span>{zhAuth.otherMethods}</span>
            </div>
            <div role="group" aria-label={zhAuth.otherMethods} className="gq-login-others">
              <button type="button" className="gq-button gq-button-small gq-button-inherit" onClick={notOpen}>
                <ChatIcon />
                {zhAuth.wechatLogin}
              </button>
              <button type="button" className="gq-button gq-button-small gq-button-inherit" onClick={notOpen}>
                <PhoneAndroidIcon />
                {zhAuth.oneTapLogin}
              </button>
            </div>
          </div>
          <div className="gq-dialog-actions gq-form-actions">
            <button type="button" className="gq-button" onClick={onClose}>
              {zhAuth.cancel}
            </button>
            <button type="submit" className="gq-button gq-button-contained" disabled={submitting}>
              {zhAuth.login}
            </button>
          </div>
        </form>
      </Modal>
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
