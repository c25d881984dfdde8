import { MerxError, type StaffFactorType, type StaffMember, type TotpEnrolment } from '@merx/sdk';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { FormError } from '../../../components/states';
import { fieldErrorsOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { useActivateTotp, useEnableEmailCodes, useEnrolTotp, useRemoveFactor } from '../api/account';

const factorWords: Record<StaffFactorType, string> = { TOTP: 'Authenticator app', EMAIL: 'Emailed codes' };

/** Turning a factor off: the password first, so that a sign-in left open cannot remove it. */
function TurnOff({ type, onDone }: { type: StaffFactorType; onDone: () => void }) {
  const remove = useRemoveFactor();
  const [password, setPassword] = useState('');
  const errors = fieldErrorsOf(remove.error);
  return (
    <form
      className="two-step__confirm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(
          { type, currentPassword: password },
          {
            onSuccess: () => {
              toast(`${factorWords[type]} turned off`);
              onDone();
            },
          },
        );
      }}
    >
      <TextField
        label="Your password, to turn it off"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.currentPassword}
      />
      <FormError error={Object.keys(errors).length ? undefined : remove.error} />
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button--danger" disabled={!password || remove.isPending}>
          Turn off {factorWords[type].toLowerCase()}
        </button>
      </div>
    </form>
  );
}

/** Setting up an authenticator app: scan the QR code (or type the key), then confirm with a code it shows. */
function Enrol({ enrolment, onDone }: { enrolment: TotpEnrolment; onDone: () => void }) {
  const activate = useActivateTotp();
  const [code, setCode] = useState('');
  const wrongCode = activate.error instanceof MerxError && activate.error.code === 'INVALID_VERIFICATION_CODE';
  const grouped = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="two-step__enrol">
      <ol className="steps">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan this code with it, or type the key below.</li>
        <li>Enter the 6-digit code the app shows for this store.</li>
      </ol>
      <img
        className="two-step__qr"
        src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
        alt="QR code to scan with your authenticator app"
        width="180"
        height="180"
      />
      <p>
        Key:{' '}
        <code className="two-step__secret" data-secret={enrolment.secret}>
          {grouped}
        </code>
      </p>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          activate.mutate(code.replace(/\s+/g, ''), {
            onSuccess: () => {
              toast('Authenticator app turned on: sign-in now asks for its code');
              onDone();
            },
          });
        }}
      >
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={
            wrongCode
              ? 'That code is not right. Check that your phone’s clock is set automatically and enter the code it shows now.'
              : undefined
          }
        />
        <FormError error={wrongCode ? undefined : activate.error} />
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onDone}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={code.replace(/\s+/g, '').length < 6 || activate.isPending}>
            Turn on
          </button>
        </div>
      </form>
    </div>
  );
}

/** Two-step sign-in: an authenticator app and emailed codes, each turned on here and off with the password. */
export function TwoStepCard({ me }: { me: StaffMember }) {
  const enrol = useEnrolTotp();
  const email = useEnableEmailCodes();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [turningOff, setTurningOff] = useState<StaffFactorType>();
  const on = (type: StaffFactorType) => me.factors.some((f) => f.type === type && f.status === 'ACTIVE');
  const status = (type: StaffFactorType) => (on(type) ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>);
  return (
    <Card title="Two-step sign-in" id="two-step">
      <p className="muted">
        After your password, the sign-in page asks for a code too, so a stolen password alone cannot open your account.
        With both on, it asks for the app’s code.
      </p>
      <section className="two-step__factor" aria-labelledby="factor-totp">
        <div className="two-step__head">
          <h3 id="factor-totp">Authenticator app</h3>
          {status('TOTP')}
        </div>
        <p className="field__hint">A code from an app on your phone that changes every 30 seconds.</p>
        {enrolment ? (
          <Enrol enrolment={enrolment} onDone={() => setEnrolment(undefined)} />
        ) : turningOff === 'TOTP' ? (
          <TurnOff type="TOTP" onDone={() => setTurningOff(undefined)} />
        ) : on('TOTP') ? (
          <button type="button" className="button button--secondary" onClick={() => setTurningOff('TOTP')}>
            Turn off the authenticator app
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button"
              disabled={enrol.isPending}
              onClick={() => enrol.mutate(undefined, { onSuccess: setEnrolment })}
            >
              Set up an authenticator app
            </button>
            <FormError error={enrol.error} />
          </>
        )}
      </section>
      <section className="two-step__factor" aria-labelledby="factor-email">
        <div className="two-step__head">
          <h3 id="factor-email">Emailed codes</h3>
          {status('EMAIL')}
        </div>
        <p className="field__hint">A code sent to {me.email} each time you sign in.</p>
        {turningOff === 'EMAIL' ? (
          <TurnOff type="EMAIL" onDone={() => setTurningOff(undefined)} />
        ) : on('EMAIL') ? (
          <button type="button" className="button button--secondary" onClick={() => setTurningOff('EMAIL')}>
            Turn off emailed codes
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={email.isPending}
              onClick={() =>
                email.mutate(undefined, {
                  onSuccess: () => toast('Emailed codes turned on: sign-in now mails you a code'),
                })
              }
            >
              Turn on emailed codes
            </button>
            <FormError error={email.error} />
          </>
        )}
      </section>
    </Card>
  );
}
