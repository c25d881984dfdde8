import type { StaffMember, StaffRole } from '@merx/sdk';
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { SelectField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, FormError, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { useDraft } from '../../lib/draft';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { type Grant, staffListQuery, useRemoveStaff, useStaffList, useUpdateStaff } from './api/staff';
import { PermissionPicker } from './components/permission-picker';
import { lockedBecause, mayGive, permissionWords, roleHelp, rolesOffered, roleWords } from './grants';
import './staff.css';

const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Staff', to: '/settings/staff' },
];

function Details({ member }: { member: StaffMember }) {
  const factors = member.factors.filter((f) => f.status === 'ACTIVE');
  return (
    <dl className="details">
      <dt>Email</dt>
      <dd>{member.email}</dd>
      <dt>Joined</dt>
      <dd>{formatDateTime(member.createdDate)}</dd>
      <dt>Last sign-in</dt>
      <dd>{member.lastLoginDate ? formatDateTime(member.lastLoginDate) : 'Never'}</dd>
      <dt>Two-step sign-in</dt>
      <dd>
        {factors.length === 0
          ? 'Off'
          : factors.map((f) => (f.type === 'TOTP' ? 'Authenticator app' : 'Emailed codes')).join(' and ')}
      </dd>
    </dl>
  );
}

/** What the account may do, read-only: for someone who may not change it. */
function AccessList({ member }: { member: StaffMember }) {
  if (member.role !== 'staff') return <p>{roleHelp[member.role]}</p>;
  if (member.permissions.length === 0) return <p>No permissions: this person sees only Home and their account.</p>;
  return (
    <ul className="access-list">
      {member.permissions.map((p) => (
        <li key={p}>
          {permissionWords(p)} <code>{p}</code>
        </li>
      ))}
    </ul>
  );
}

/**
 * One staff account: who they are, their role and permissions (changed within what the signed-in person may
 * give, with a save bar), and removal behind a confirmation. What may not be changed says why. A detail page.
 */
export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const list = useStaffList();
  const update = useUpdateStaff();
  const remove = useRemoveStaff();
  const member = list.data?.find((s) => s.id === id);
  const saved: Grant | undefined = member ? { role: member.role, permissions: member.permissions } : undefined;
  const form = useDraft(saved);
  const errors = fieldErrorsOf(update.error);

  if (list.isPending || !me)
    return (
      <Page title="Staff account" crumbs={crumbs}>
        <Loading />
      </Page>
    );
  if (list.error) {
    return (
      <Page title="Staff account" crumbs={crumbs}>
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      </Page>
    );
  }
  if (!member || !form.value) {
    return (
      <Page title="Staff account" crumbs={crumbs}>
        <Empty title="No such staff account">It may have been removed. Go back to the staff list.</Empty>
      </Page>
    );
  }
  const owners = list.data?.filter((s) => s.role === 'owner').length ?? 0;
  const changeLock = lockedBecause(me, member, owners, 'change');
  const removeLock = lockedBecause(me, member, owners, 'remove');
  const grant = form.value;
  const roles = rolesOffered(me);

  const onSave = () =>
    update.mutate(
      { id: member.id, grant },
      {
        onSuccess: () => {
          form.discard();
          toast(`Access of ${member.name} changed`);
        },
      },
    );

  const onRemove = async () => {
    const ok = await confirmAction({
      title: `Remove ${member.name}?`,
      message: `${member.email} is signed out at once and can no longer sign in to the back office. To let them back in, invite them again.`,
      confirmLabel: 'Remove staff account',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(member.id, {
      onSuccess: () => {
        toast(`${member.name} removed`);
        navigate('/settings/staff');
      },
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };

  return (
    <Page
      title={member.name}
      crumbs={crumbs}
      subtitle={
        <span className="staff-subtitle">
          {member.email} <Badge tone="info">{roleWords[member.role]}</Badge>
          {member.id === me.id ? <Badge>You</Badge> : null}
        </span>
      }
    >
      <div className="columns">
        <div>
          <Card title="Role and permissions" id="access">
            {changeLock ? (
              <div className="stack">
                <p className="notice">{changeLock}</p>
                <AccessList member={member} />
              </div>
            ) : (
              <div className="stack">
                <SelectField
                  label="Role"
                  value={grant.role}
                  options={[...new Set<StaffRole>([...roles, member.role])].map((r) => ({
                    value: r,
                    label: roleWords[r],
                  }))}
                  onChange={(e) => {
                    const role = e.target.value as StaffRole;
                    form.set({
                      role,
                      permissions: role === 'staff' ? (saved?.role === 'staff' ? saved.permissions : []) : ['*'],
                    });
                  }}
                  error={errors.role}
                  hint={`${roleHelp[grant.role]} Saving signs ${member.name} out everywhere; they sign in again with the new access.`}
                />
                {grant.role === 'staff' ? (
                  <PermissionPicker
                    value={grant.permissions}
                    onChange={(permissions) => form.set({ permissions })}
                    offered={(p) => mayGive(me, p) || grant.permissions.includes(p)}
                    error={
                      errors.permissions ?? Object.entries(errors).find(([f]) => f.startsWith('permissions['))?.[1]
                    }
                  />
                ) : null}
                <FormError error={Object.keys(errors).length ? undefined : update.error} />
              </div>
            )}
          </Card>
          {removeLock || member.id === me.id ? null : (
            <Card title="Remove access" id="remove">
              <p>
                {member.name} can no longer sign in, and their sign-ins end at once. What they did stays in the audit
                log.
              </p>
              <button type="button" className="button button--danger" disabled={remove.isPending} onClick={onRemove}>
                Remove staff account
              </button>
            </Card>
          )}
        </div>
        <Card title="Account" id="account">
          <Details member={member} />
        </Card>
      </div>
      <SaveBar
        dirty={form.dirty}
        saving={update.isPending}
        onSave={onSave}
        onDiscard={() => {
          update.reset();
          form.discard();
        }}
      />
    </Page>
  );
}

/** Starts loading the staff accounts while the page opens. */
export function warm(_args: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(staffListQuery());
}
