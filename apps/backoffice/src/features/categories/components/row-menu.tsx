import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** One entry of a row's menu: a button (or a link given as `render`), left out when `hidden`. */
export interface MenuEntry {
  label: string;
  onSelect?: () => void;
  render?: (close: () => void) => ReactNode;
  disabled?: boolean;
  tone?: 'danger';
  hidden?: boolean;
}

/**
 * A row's actions behind one button (the disclosure pattern: the button says whether the list is open; Tab walks
 * the list, Escape closes it and gives the focus back to the button, a click elsewhere closes it).
 */
export function RowMenu({ label, entries, buttonId }: { label: string; entries: MenuEntry[]; buttonId?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button:not(:disabled), a')?.focus();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className="row-menu">
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="button button--secondary button--small"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
      >
        Actions <span aria-hidden="true">▾</span>
      </button>
      <div ref={panel} id={`${id}-menu`} className="row-menu__panel" hidden={!open}>
        <ul>
          {entries
            .filter((e) => !e.hidden)
            .map((e) => (
              <li key={e.label}>
                {e.render ? (
                  e.render(close)
                ) : (
                  <button
                    type="button"
                    className={e.tone === 'danger' ? 'row-menu__item row-menu__item--danger' : 'row-menu__item'}
                    disabled={e.disabled}
                    onClick={() => {
                      close();
                      e.onSelect?.();
                    }}
                  >
                    {e.label}
                  </button>
                )}
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}
