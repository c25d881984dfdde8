import { useState } from 'react';
import { SelectField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { messageOf } from '../../../lib/errors';
import { useRotateSecret } from '../api/endpoints';

const GRACES = [
  { value: '0', label: 'Stop using it now' },
  { value: '1', label: 'Keep it for 1 hour' },
  { value: '24', label: 'Keep it for 24 hours' },
  { value: '168', label: 'Keep it for 7 days' },
] as const;

/**
 * Rotates an endpoint's signing secret: how long the old one keeps signing beside the new one (time to put the new
 * one in the receiving app). The new secret goes to `onRotated`, to be shown once.
 */
export function RotateSecretDialog({
  endpointId,
  onRotated,
  onClose,
}: {
  endpointId: string;
  onRotated: (secret: string) => void;
  onClose: () => void;
}) {
  const rotate = useRotateSecret(endpointId);
  const [grace, setGrace] = useState('24');
  return (
    <FormDialog
      title="Rotate signing secret"
      submitLabel="Rotate secret"
      busy={rotate.isPending}
      error={rotate.error ? messageOf(rotate.error) : undefined}
      onClose={onClose}
      onSubmit={() => rotate.mutate(Number(grace), { onSuccess: ({ secret }) => onRotated(secret) })}
    >
      <p>
        A new secret signs every delivery from now on. Rotate it when the old one may have been seen by someone it
        should not have been.
      </p>
      <SelectField
        label="The old secret"
        options={GRACES}
        value={grace}
        onChange={(e) => setGrace(e.target.value)}
        hint="While the old secret is kept, each delivery carries both signatures, so the receiving app keeps working until you give it the new one."
      />
    </FormDialog>
  );
}
