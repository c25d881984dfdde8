import type { Identity } from '@merx/contract';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../lib/confirm';
import { messageOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { type MemberAction, useMemberAction } from '../api/members';
import { nameOf } from './member-words';

/**
 * What staff holding `members:manage` may do to a member, as their status allows: approve one who waits, block
 * (confirmed: it signs them out), unblock, delete (confirmed). A refusal of the server is said in a toast.
 */
export function MemberActions({ member }: { member: Identity }) {
  const action = useMemberAction();
  const navigate = useNavigate();
  const name = nameOf(member);
  const status = member.status.name;
  const run = (what: MemberAction, done: string, after?: () => void) =>
    action.mutate(
      { id: member.id, action: what },
      {
        onSuccess: () => {
          toast(done);
          after?.();
        },
        onError: (e) => toast(messageOf(e), 'error'),
      },
    );
  const busy = action.isPending;
  return (
    <>
      {status === 'PENDING' ? (
        <button type="button" className="button" disabled={busy} onClick={() => run('approve', `${name} approved`)}>
          Approve
        </button>
      ) : null}
      {status === 'BLOCKED' ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => run('unblock', `${name} unblocked`)}
        >
          Unblock
        </button>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={async () => {
            const ok = await confirmAction({
              title: `Block ${name}?`,
              message:
                'They are signed out at once and cannot sign in to your shop until you unblock them. Their orders stay.',
              confirmLabel: 'Block customer',
              tone: 'danger',
            });
            if (ok) run('block', `${name} blocked`);
          }}
        >
          Block
        </button>
      )}
      <button
        type="button"
        className="button button--danger"
        disabled={busy}
        onClick={async () => {
          const ok = await confirmAction({
            title: `Delete ${name}?`,
            message:
              'Their account is removed and they are signed out at once. Their orders stay in your store. This cannot be undone.',
            confirmLabel: 'Delete customer',
            tone: 'danger',
          });
          if (ok) run('delete', `${name} deleted`, () => navigate('/customers'));
        }}
      >
        Delete
      </button>
    </>
  );
}
