import { useId } from 'react';
import { toast } from '../../../lib/toasts';

/** A link to hand to someone: shown in full, selectable, with a button that copies it. */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const id = useId();
  return (
    <div className="copy-link">
      <label htmlFor={id}>{label}</label>
      <div className="copy-link__row">
        <input id={id} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="button button--secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              toast('Link copied');
            } catch {
              document.getElementById(id)?.focus();
              toast('Copying is not allowed here: the link is selected, copy it with your keyboard.', 'info');
            }
          }}
        >
          Copy link
        </button>
      </div>
    </div>
  );
}
