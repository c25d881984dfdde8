import { MerxError, type StaffMember, type StaffRole } from '@merx/sdk';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { FormError } from '../../../components/states';
import { fieldErrorsOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { useInvite } from '../api/staff';
import { mayGive, roleHelp, rolesOffered, roleWords } from '../grants';
import { PermissionPicker } from './permission-picker';

type Sent = Awaited<ReturnType<ReturnType<typeof useInvite>['mutateAsync']>> & { email: string };

/**
 * Invites a person: their email, a role the inviter may give, and for the staff role the permissions (only those
 * the inviter holds). The link is mailed; it is also shown, for a store that does not send mail yet.
 */
export function InviteForm({ me, onDone }: { me: StaffMember; onDone: () => void }) {
  const invite = useInvite();
  const roles = rolesOffered(me);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [permissions, setPermissions] = useState<string[]>([]);
  const [sent, setSent] = useState<Sent>();
  const errors = fieldErrorsOf(invite.error);
  // An address that already has an account is about the email field, though the server answers it as a conflict.
  if (invite.error instanceof MerxError && invite.error.code === 'STAFF_ALREADY_EXISTS') {
    errors.email = 'This person already has a staff account.';
  }

  if (sent) {
    return (
      <div className="invite-sent" role="status">
        <h3>Invitation sent to {sent.email}</h3>
        <p>
          They choose a password through the link in the mail; it works for 7 days. If the store does not send mail yet,
          the message is in the mail log, or give them this link yourself:
        </p>
        <div className="secret">
          <span className="visually-hidden">Invitation link: </span>
          <code>{sent.url}</code>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void navigator.clipboard?.writeText(sent.url).then(() => toast('Link copied'))}
          >
            Copy link
          </button>
        </div>
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    );
  }

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const address = email.trim();
        invite.mutate(
          { email: address, role, permissions },
          { onSuccess: (answer) => setSent({ ...answer, email: address }) },
        );
      }}
    >
      <div className="form-row">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          maxLength={254}
          error={errors.email}
        />
        <SelectField
          label="Role"
          value={role}
          options={roles.map((r) => ({ value: r, label: roleWords[r] }))}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          error={errors.role}
          hint={roleHelp[role]}
        />
      </div>
      {role === 'staff' ? (
        <PermissionPicker
          value={permissions}
          onChange={setPermissions}
          offered={(p) => mayGive(me, p)}
          error={errors.permissions ?? Object.entries(errors).find(([f]) => f.startsWith('permissions['))?.[1]}
        />
      ) : null}
      <FormError error={Object.keys(errors).length ? undefined : invite.error} />
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
        <button
          type="submit"
          className="button"
          disabled={invite.isPending || !email.trim() || (role === 'staff' && permissions.length === 0)}
        >
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
    </form>
  );
}
