import type { StaffMember, StaffRole } from '@merx/sdk';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { formatDateTime } from '../../lib/format';
import { useCan, useMe } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useUrlState } from '../../lib/url-state';
import { invitationsQuery, staffListQuery, useStaffList } from './api/staff';
import { Invitations } from './components/invitations';
import { InviteForm } from './components/invite-form';
import { accessSummary, roleWords } from './grants';
import './staff.css';

const roleTone = { owner: 'warning', admin: 'info', staff: 'neutral' } as const;

function twoStep(member: StaffMember) {
  return member.factors.some((f) => f.status === 'ACTIVE') ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>;
}

/**
 * Settings → Staff: the people who sign in to the back office, their role and what they may do, invitations
 * waiting to be accepted, and inviting someone new. An index page; each account opens its own page.
 */
export function Component() {
  const can = useCan();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const list = useStaffList();
  const { values, set } = useUrlState(['q', 'role'] as const);
  const [inviting, setInviting] = useState(false);
  const manage = can('staff:manage');

  const rows = useMemo(() => {
    const q = values.q.toLowerCase();
    return list.data?.filter(
      (s) =>
        (!values.role || s.role === values.role) &&
        (!q || s.name.toLowerCase().includes(q) || s.email.toLowerCase().includes(q)),
    );
  }, [list.data, values.q, values.role]);

  const columns = useMemo<ReadonlyArray<Column<StaffMember>>>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: (s) => (
          <div className="staff-name">
            <Link to={`/settings/staff/${s.id}`}>{s.name}</Link>
            {s.id === me?.id ? <Badge tone="info">You</Badge> : null}
            <span className="muted">{s.email}</span>
          </div>
        ),
      },
      { id: 'role', header: 'Role', cell: (s) => <Badge tone={roleTone[s.role]}>{roleWords[s.role]}</Badge> },
      { id: 'access', header: 'Access', cell: (s) => <span className="staff-access">{accessSummary(s)}</span> },
      { id: 'two-step', header: 'Two-step', cell: twoStep, secondary: true },
      {
        id: 'last',
        header: 'Last sign-in',
        cell: (s) => (s.lastLoginDate ? formatDateTime(s.lastLoginDate) : <span className="muted">Never</span>),
        secondary: true,
      },
    ],
    [me?.id],
  );
  const onOpen = useCallback((s: StaffMember) => navigate(`/settings/staff/${s.id}`), [navigate]);
  const filtered = Boolean(values.q || values.role);

  return (
    <Page
      title="Staff"
      crumbs={[{ label: 'Settings', to: '/settings' }]}
      subtitle="The people who sign in to this back office, and what each of them may do."
      actions={
        manage && me && !inviting ? (
          <button type="button" className="button" onClick={() => setInviting(true)}>
            Invite staff
          </button>
        ) : null
      }
    >
      {inviting && me ? (
        <Card title="Invite someone" id="invite">
          <InviteForm me={me} onDone={() => setInviting(false)} />
        </Card>
      ) : null}
      <Card title="Staff accounts" id="accounts">
        <ListToolbar
          search={values.q}
          onSearch={(q) => set({ q })}
          placeholder="Search by name or email"
          filters={
            <select aria-label="Role" value={values.role} onChange={(e) => set({ role: e.target.value })}>
              <option value="">All roles</option>
              <option value="owner">Owners</option>
              <option value="admin">Admins</option>
              <option value="staff">Staff</option>
            </select>
          }
          chips={
            values.role
              ? [
                  {
                    label: `Role: ${roleWords[values.role as StaffRole] ?? values.role}`,
                    onRemove: () => set({ role: '' }),
                  },
                ]
              : []
          }
        />
        <DataTable
          label="Staff accounts"
          columns={columns}
          rows={rows}
          rowId={(s) => s.id}
          loading={list.isPending}
          error={list.error}
          retry={() => void list.refetch()}
          onOpen={onOpen}
          empty={<ListEmpty filtered={filtered} noun="staff accounts" onClear={() => set({ q: '', role: '' })} />}
        />
      </Card>
      {me && can('staff:read') ? (
        <Card title="Pending invitations" id="invitations">
          <Invitations me={me} staff={list.data ?? []} manage={manage} />
        </Card>
      ) : null}
    </Page>
  );
}

/** Starts loading the staff accounts and invitations while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(staffListQuery());
  void queryClient.prefetchQuery(invitationsQuery());
}
