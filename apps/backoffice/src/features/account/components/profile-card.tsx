import type { StaffMember } from '@merx/sdk';
import { TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { SaveBar } from '../../../components/save-bar';
import { FormError } from '../../../components/states';
import { useDraft } from '../../../lib/draft';
import { fieldErrorsOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { useUpdateProfile } from '../api/account';

const roleWords = { owner: 'Owner', admin: 'Admin', staff: 'Staff' } as const;

/** The staff member's name (saved with the page's save bar), their email and role (shown). */
export function ProfileCard({ me }: { me: StaffMember }) {
  const save = useUpdateProfile();
  const form = useDraft({ firstName: me.firstName, lastName: me.lastName });
  const value = form.value ?? { firstName: me.firstName, lastName: me.lastName };
  const errors = fieldErrorsOf(save.error);
  return (
    <Card title="Profile" id="profile">
      <div className="stack">
        <div className="form-row">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={value.firstName}
            maxLength={100}
            onChange={(e) => form.set({ firstName: e.target.value })}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={value.lastName}
            maxLength={100}
            onChange={(e) => form.set({ lastName: e.target.value })}
            error={errors.lastName}
          />
        </div>
        <TextField
          label="Email"
          value={me.email}
          readOnly
          hint="You sign in with it. To use another address, an owner invites it as a new staff account."
        />
        <p className="muted">
          Role: <strong>{roleWords[me.role]}</strong>
          {me.role === 'staff'
            ? ` with ${me.permissions.length} permission${me.permissions.length === 1 ? '' : 's'}`
            : ''}
          . Someone who manages staff can change it; nobody changes their own.
        </p>
        <FormError error={Object.keys(errors).length ? undefined : save.error} />
      </div>
      <SaveBar
        dirty={form.dirty}
        saving={save.isPending}
        onSave={() =>
          save.mutate(
            { firstName: value.firstName.trim(), lastName: value.lastName.trim() },
            {
              onSuccess: () => {
                form.discard();
                toast('Your name is saved');
              },
            },
          )
        }
        onDiscard={() => {
          save.reset();
          form.discard();
        }}
      />
    </Card>
  );
}
