import { useState } from 'react';
import { TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { FormError } from '../../../components/states';
import { fieldErrorsOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { useChangePassword } from '../api/account';

/**
 * A new password, given the current one. The password printed when the store first started is meant to be changed
 * here. The other sign-ins of the account end; this one stays.
 */
export function PasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const errors = fieldErrorsOf(change.error);
  return (
    <Card title="Password" id="password">
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (next !== again) {
            setMismatch(true);
            return;
          }
          change.mutate(
            { currentPassword: current, newPassword: next },
            {
              onSuccess: () => {
                setCurrent('');
                setNext('');
                setAgain('');
                toast('Password changed. You stay signed in here; your other sign-ins have ended.');
              },
            },
          );
        }}
      >
        <p className="muted">
          Still using the password printed when the store first started? Choose your own now. Changing it signs you out
          everywhere else.
        </p>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.currentPassword}
        />
        <div className="form-row">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => {
              setNext(e.target.value);
              setMismatch(false);
            }}
            error={errors.newPassword}
            hint="At least 8 characters; a few unrelated words make a strong one."
          />
          <TextField
            label="New password again"
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(e) => {
              setAgain(e.target.value);
              setMismatch(false);
            }}
            error={mismatch ? 'The two new passwords are not the same.' : undefined}
          />
        </div>
        <FormError error={Object.keys(errors).length ? undefined : change.error} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={change.isPending || !current || !next || !again}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </Card>
  );
}
