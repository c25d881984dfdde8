import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { ErrorState, Loading } from '../../../components/states';
import { messageOf } from '../../../lib/errors';
import { memberQuery, useFactors } from '../api/account';

/** Second factors: an authenticator app (TOTP, with its QR code) and codes by email. */
export function SecurityPage() {
  usePageTitle('Sign-in security');
  const { data: member, error, isPending, refetch } = useQuery(memberQuery());
  const f = useFactors();
  const [code, setCode] = useState('');
  const enrolment = f.enrolTotp.data;
  const failed = f.enrolTotp.error ?? f.activateTotp.error ?? f.setEmail.error ?? f.remove.error;
  if (isPending) return <Loading />;
  if (error) return <ErrorState error={error} retry={() => void refetch()} />;
  const active = (type: string) => member.factors.some((x) => x.type === type && x.status === 'ACTIVE');
  const totpOn = active('TOTP');
  const emailOn = active('EMAIL');
  const onActivate = (e: FormEvent) => {
    e.preventDefault();
    f.activateTotp.mutate(code.trim(), { onSuccess: () => f.enrolTotp.reset() });
  };
  return (
    <>
      <h1>Sign-in security</h1>
      <p className="muted">A second step at sign-in keeps your account safe even if your password leaks.</p>
      {failed ? (
        <p className="notice notice--error" role="alert">
          {messageOf(failed)}
        </p>
      ) : null}
      <section className="factor" aria-labelledby="totp-title">
        <h2 id="totp-title">Authenticator app</h2>
        <p>{totpOn ? 'On: sign-ins ask for a code from your app.' : 'Off.'}</p>
        {totpOn ? (
          <button type="button" className="button" onClick={() => f.remove.mutate('TOTP')}>
            Turn off the authenticator app
          </button>
        ) : enrolment ? (
          <form onSubmit={onActivate} className="narrow-form">
            <p>Scan this code with your authenticator app, or enter the key by hand.</p>
            <img
              className="factor__qr"
              src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
              alt="QR code for your authenticator app"
              width={180}
              height={180}
            />
            <p>
              Key: <code>{enrolment.secret}</code>
            </p>
            <Field
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={f.activateTotp.isPending}>
              Turn on
            </button>
          </form>
        ) : (
          <button type="button" className="button" onClick={() => f.enrolTotp.mutate()}>
            Set up an authenticator app
          </button>
        )}
      </section>
      <section className="factor" aria-labelledby="email-title">
        <h2 id="email-title">Codes by email</h2>
        <p>{emailOn ? `On: sign-ins send a code to ${member.email.address}.` : 'Off.'}</p>
        <button
          type="button"
          className="button"
          onClick={() => f.setEmail.mutate(!emailOn)}
          disabled={f.setEmail.isPending}
        >
          {emailOn ? 'Turn off codes by email' : 'Turn on codes by email'}
        </button>
      </section>
    </>
  );
}
