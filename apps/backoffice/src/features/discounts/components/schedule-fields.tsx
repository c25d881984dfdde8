import { TextField } from '../../../components/field';

/** When a discount runs: a start and an end in the merchant's own time zone, both optional. */
export function ScheduleFields({
  start,
  end,
  onChange,
  startError,
  endError,
}: {
  start: string;
  end: string;
  onChange: (change: { start?: string; end?: string }) => void;
  startError?: string | undefined;
  endError?: string | undefined;
}) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="form-row">
      <TextField
        label="Start date"
        type="datetime-local"
        value={start}
        onChange={(e) => onChange({ start: e.target.value })}
        error={startError}
        hint={`Empty: from now on. Times are in ${zone}.`}
      />
      <TextField
        label="End date"
        type="datetime-local"
        value={end}
        onChange={(e) => onChange({ end: e.target.value })}
        error={endError}
        hint="Empty: no end."
      />
    </div>
  );
}
