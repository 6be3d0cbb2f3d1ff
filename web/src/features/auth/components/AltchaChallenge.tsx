import { useEffect, useRef, useState } from 'react';
import { zhAuth } from '../../../strings/auth';
import { fetchLoginChallenge } from '../api/login';

/**
 * Loads the ALTCHA widget (its own chunk, fetched only when a challenge is asked for) in its "external" build: the
 * default build starts its solver from a blob: worker, which the Content-Security-Policy (script-src 'self') refuses,
 * so the worker is the package's own file served from our origin (`no-inline`: Vite would otherwise inline a file this
 * small as a data: URL, which the policy refuses just the same). Resolves with that worker's absolute URL.
 */
async function loadWidget(): Promise<string> {
  const [, , worker] = await Promise.all([
    import('altcha/external'),
    import('altcha/altcha.css'),
    import('altcha/worker?url&no-inline'),
  ]);
  return new URL(worker.default, window.location.href).href;
}

interface Loaded {
  challenge: string;
  workerUrl: string;
}

/**
 * The proof-of-work challenge of the login dialog (docs/web.md, docs/security.md "Login abuse"): shown only after the
 * server refused a code with data.challengeRequired. It fetches a challenge (GET /login/challenge), lets the `altcha`
 * widget solve it at once, and hands the widget's payload to onSolved, which asks for the code again with it.
 */
export default function AltchaChallenge({ onSolved }: { onSolved: (payload: string) => void }) {
  const widget = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const solved = useRef(onSolved);
  solved.current = onSolved;

  useEffect(() => {
    let alive = true;
    Promise.all([fetchLoginChallenge(), loadWidget()])
      .then(([challenge, workerUrl]) => {
        if (alive) setLoaded({ challenge: JSON.stringify(challenge), workerUrl });
      })
      .catch(() => {
        // The API client has shown why (a network error); 获取验证码 again asks again.
      });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return undefined;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      if (detail?.state === 'verified' && detail.payload) solved.current(detail.payload);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [loaded]);

  return (
    <div className="gq-login-challenge" data-testid="login-challenge">
      <p className="gq-caption gq-muted">{loaded ? zhAuth.challengeHint : zhAuth.challengeLoading}</p>
      {loaded && (
        <altcha-widget
          ref={widget}
          challengejson={loaded.challenge}
          workerurl={loaded.workerUrl}
          auto="onload"
          hidelogo
          hidefooter
          name="altcha"
          strings={JSON.stringify(zhAuth.challengeStrings)}
        />
      )}
    </div>
  );
}
