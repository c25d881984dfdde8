import { useEffect, useRef } from 'react';
import { toast } from '../../../lib/toasts';

/**
 * A signing secret shown the one time the server gives it: copy it now, it is not shown again. Takes the focus, so
 * that screen readers hear it and the keyboard is on the copy button.
 */
export function SecretReveal({
  secret,
  title = 'Copy the signing secret now',
  children,
  onDone,
}: {
  secret: string;
  title?: string;
  children?: React.ReactNode;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="key-created webhook-secret" aria-labelledby="webhook-secret-title">
      <h2 id="webhook-secret-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>
        This is the only time the secret is shown. Paste it into the app that receives the webhooks: it checks with it
        that each delivery really comes from your store. If it is lost, rotate the secret to get a new one.
      </p>
      <div className="secret">
        <label htmlFor="webhook-secret-value" className="visually-hidden">
          Signing secret
        </label>
        <input
          id="webhook-secret-value"
          className="secret__value"
          readOnly
          value={secret}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(secret)
              .then(() => toast('Secret copied'))
              .catch(() => toast('Copying was refused by the browser: select the secret and copy it', 'info'))
          }
        >
          Copy secret
        </button>
      </div>
      {children}
      <button type="button" className="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
