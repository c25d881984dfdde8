import { FormError } from '../../../components/states';
import { isConflict } from '../../../lib/errors';

/**
 * What went wrong with a save that no field explains: someone changed the record meanwhile (with a way to load
 * their version), or another refusal in words.
 */
export function SaveProblem({
  error,
  hasFieldErrors,
  what,
  onReload,
}: {
  error: unknown;
  hasFieldErrors: boolean;
  what: string;
  onReload: () => void;
}) {
  if (!error || hasFieldErrors) return null;
  if (isConflict(error)) {
    return (
      <div className="form-error conflict" role="alert">
        <p>
          Someone else changed this {what} while you were editing it, so your changes were not saved. Load their version
          to see it; your changes here will be lost.
        </p>
        <button type="button" className="button button--secondary" onClick={onReload}>
          Load the latest version
        </button>
      </div>
    );
  }
  return <FormError error={error} />;
}
