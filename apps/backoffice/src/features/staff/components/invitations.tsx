import type { StaffInvitation, StaffMember } from '@merx/sdk';
import { Badge } from '../../../components/badge';
import { type Column, DataTable } from '../../../components/data-table';
import { Empty } from '../../../components/states';
import { confirmAction } from '../../../lib/confirm';
import { messageOf } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { useInvitations, useRevokeInvitation } from '../api/staff';
import { accessSummary, mayGive, rolesOffered, roleWords } from '../grants';

function WithdrawButton({ invitation }: { invitation: StaffInvitation }) {
  const revoke = useRevokeInvitation();
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={revoke.isPending}
      onClick={async () => {
        const ok = await confirmAction({
          title: `Withdraw the invitation to ${invitation.email}?`,
          message: 'The link in their mail stops working. You can invite them again later.',
          confirmLabel: 'Withdraw invitation',
          tone: 'danger',
        });
        if (!ok) return;
        revoke.mutate(invitation.id, {
          onSuccess: () => toast(`Invitation to ${invitation.email} withdrawn`),
          onError: (e) => toast(messageOf(e), 'error'),
        });
      }}
    >
      Withdraw<span className="visually-hidden"> the invitation to {invitation.email}</span>
    </button>
  );
}

/** Invitations sent and not yet accepted, each withdrawable by someone who could have sent it. */
export function Invitations({ me, staff, manage }: { me: StaffMember; staff: StaffMember[]; manage: boolean }) {
  const invitations = useInvitations();
  const sender = (id: string) =>
    id === 'system' ? 'Command line' : (staff.find((s) => s.id === id)?.name ?? 'An API key');
  const mayWithdraw = (i: StaffInvitation) =>
    manage && rolesOffered(me).includes(i.role) && (i.role !== 'staff' || i.permissions.every((p) => mayGive(me, p)));
  const columns: ReadonlyArray<Column<StaffInvitation>> = [
    { id: 'email', header: 'Email', cell: (i) => <strong>{i.email}</strong> },
    { id: 'role', header: 'Role', cell: (i) => <Badge tone="info">{roleWords[i.role]}</Badge> },
    { id: 'access', header: 'Access', cell: (i) => accessSummary(i), secondary: true },
    { id: 'by', header: 'Sent by', cell: (i) => sender(i.invitedBy), secondary: true },
    { id: 'expires', header: 'Link works until', cell: (i) => formatDate(i.expiresDate) },
    ...(manage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: (i: StaffInvitation) => (mayWithdraw(i) ? <WithdrawButton invitation={i} /> : null),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label="Pending invitations"
      columns={columns}
      rows={invitations.data}
      rowId={(i) => i.id}
      loading={invitations.isPending}
      error={invitations.error}
      retry={() => void invitations.refetch()}
      empty={<Empty title="No pending invitations">Invitations you send wait here until they are accepted.</Empty>}
    />
  );
}
