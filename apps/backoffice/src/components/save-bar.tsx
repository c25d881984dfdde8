import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmAction } from '../lib/confirm';

/**
 * Asks before leaving a page with unsaved changes: a navigation inside the back office (confirmation dialog) and
 * closing or reloading the tab (the browser's own question).
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({
      title: 'Leave without saving?',
      message: 'Your changes on this page will be lost.',
      confirmLabel: 'Leave page',
      tone: 'danger',
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

/** The bar that appears when a form has changes: save or discard them (and the leave guard while it shows). */
export function SaveBar({
  dirty,
  saving,
  onSave,
  onDiscard,
  saveLabel = 'Save',
}: {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  saveLabel?: string;
}) {
  useUnsavedChangesGuard(dirty && !saving);
  if (!dirty && !saving) return null;
  return (
    <section className="save-bar" aria-label="Unsaved changes">
      <span>Unsaved changes</span>
      <div className="save-bar__actions">
        <button type="button" className="button button--secondary" onClick={onDiscard} disabled={saving}>
          Discard
        </button>
        <button type="button" className="button" onClick={onSave} disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : saveLabel}
        </button>
      </div>
    </section>
  );
}
