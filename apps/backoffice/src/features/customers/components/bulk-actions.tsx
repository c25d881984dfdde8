import { useState } from 'react';
import { confirmAction } from '../../../lib/confirm';
import { messageOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { type MemberAction, useMemberAction } from '../api/members';

const words = {
  approve: { done: 'approved', verb: 'Approve' },
  block: { done: 'blocked', verb: 'Block' },
  unblock: { done: 'unblocked', verb: 'Unblock' },
} as const;

/**
 * Approve, block or unblock the selected customers, one by one: each the server refuses (its status does not allow
 * it) is said with its reason, the others still change.
 */
export function BulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const action = useMemberAction();
  const [busy, setBusy] = useState(false);
  const run = async (what: Exclude<MemberAction, 'delete'>) => {
    const n = ids.length;
    if (what === 'block') {
      const ok = await confirmAction({
        title: `Block ${n} ${n === 1 ? 'customer' : 'customers'}?`,
        message: 'They are signed out at once and cannot sign in until you unblock them.',
        confirmLabel: 'Block',
        tone: 'danger',
      });
      if (!ok) return;
    }
    setBusy(true);
    const results = await Promise.allSettled(ids.map((id) => action.mutateAsync({ id, action: what })));
    setBusy(false);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    const done = n - failed.length;
    if (done > 0) toast(`${done} ${done === 1 ? 'customer' : 'customers'} ${words[what].done}`);
    if (failed.length > 0) {
      const reasons = [...new Set(failed.map((f) => messageOf(f.reason)))].join(' ');
      toast(`${failed.length} could not be ${words[what].done}: ${reasons}`, 'error');
    }
    onDone();
  };
  return (
    <>
      {(['approve', 'block', 'unblock'] as const).map((what) => (
        <button
          key={what}
          type="button"
          className={`button button--small${what === 'block' ? ' button--danger' : ' button--secondary'}`}
          disabled={busy}
          onClick={() => void run(what)}
        >
          {words[what].verb}
        </button>
      ))}
    </>
  );
}
