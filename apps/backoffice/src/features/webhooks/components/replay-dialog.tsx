import { useState } from 'react';
import { TextField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { confirmAction } from '../../../lib/confirm';
import { fieldErrorsOf, messageOf } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { useReplaySince } from '../api/deliveries';

/** `YYYY-MM-DDTHH:mm` in the browser's time, as a datetime-local input shows it. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Replay since a date: every event since then that the endpoint receives is sent again, in order (after an outage,
 * or once a disabled endpoint is re-enabled). Asks for confirmation with the date in words.
 */
export function ReplayDialog({
  endpointId,
  from,
  onClose,
}: {
  endpointId: string;
  /** Where the picker starts (when the endpoint stopped); a day ago otherwise. */
  from?: string | null | undefined;
  onClose: () => void;
}) {
  const replay = useReplaySince(endpointId);
  const [value, setValue] = useState(() => localInput(from ? new Date(from) : new Date(Date.now() - 86_400_000)));
  const [problem, setProblem] = useState<string>();
  const errors = fieldErrorsOf(replay.error);
  const submit = async () => {
    const since = new Date(value);
    if (!value || Number.isNaN(since.getTime())) return setProblem('Choose a date and time.');
    if (since.getTime() > Date.now()) return setProblem('Choose a moment in the past.');
    setProblem(undefined);
    const ok = await confirmAction({
      title: 'Send these events again?',
      message: `Every event since ${formatDateTime(since)} that this endpoint receives is sent to it again, oldest first. The receiving app may see some of them twice: each keeps its webhook id, so it can skip those it already has.`,
      confirmLabel: 'Replay events',
    });
    if (!ok) return;
    replay.mutate(since.toISOString(), {
      onSuccess: (replayed) => {
        toast(
          replayed === 0
            ? 'No event to replay since then'
            : `${replayed} event${replayed === 1 ? '' : 's'} queued again`,
        );
        onClose();
      },
    });
  };
  return (
    <FormDialog
      title="Replay events"
      submitLabel="Replay…"
      busy={replay.isPending}
      error={replay.error && !errors.since ? messageOf(replay.error) : undefined}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        label="Send again every event since"
        type="datetime-local"
        value={value}
        max={localInput(new Date())}
        required
        onChange={(e) => setValue(e.target.value)}
        error={problem ?? errors.since}
        hint="In your computer’s time zone."
      />
    </FormDialog>
  );
}
