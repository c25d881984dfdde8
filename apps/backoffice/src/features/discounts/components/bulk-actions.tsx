import { confirmAction } from '../../../lib/confirm';
import { messageOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';

type Outcome = { done: number; failed: number; error?: unknown };

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What the toast says after a bulk action: how many it changed, and why the others were not. */
function report(outcome: Outcome, noun: string, verb: string): void {
  if (outcome.done > 0) toast(`${counted(outcome.done, noun)} ${verb}`);
  if (outcome.failed > 0)
    toast(`${counted(outcome.failed, noun)} could not be ${verb}: ${messageOf(outcome.error)}`, 'error');
}

/** Activate, deactivate or delete the selected discounts (deleting after a confirmation). */
export function BulkActions({
  noun,
  ids,
  busy,
  onActive,
  onDelete,
  clear,
}: {
  noun: string;
  ids: string[];
  busy: boolean;
  onActive: (active: boolean) => Promise<Outcome>;
  onDelete: () => Promise<Outcome>;
  clear: () => void;
}) {
  const run = async (work: () => Promise<Outcome>, verb: string) => {
    try {
      report(await work(), noun, verb);
      clear();
    } catch (e) {
      toast(messageOf(e), 'error');
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={() => void run(() => onActive(true), 'activated')}
      >
        Activate
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={() => void run(() => onActive(false), 'deactivated')}
      >
        Deactivate
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        disabled={busy}
        onClick={async () => {
          const ok = await confirmAction({
            title: `Delete ${counted(ids.length, noun)}?`,
            message: 'They stop applying at once; orders placed with them keep their discount. This cannot be undone.',
            confirmLabel: 'Delete',
            tone: 'danger',
          });
          if (ok) await run(onDelete, 'deleted');
        }}
      >
        Delete
      </button>
    </>
  );
}
