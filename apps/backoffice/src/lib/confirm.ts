import { useSyncExternalStore } from 'react';

/** What a destructive action asks before it runs. */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  /** `danger` for what cannot be undone (delete, refund, cancel). */
  tone?: 'danger' | 'default';
  resolve(ok: boolean): void;
}

let current: ConfirmRequest | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Asks the person to confirm; resolves true when they do, false when they cancel or press Escape. */
export function confirmAction(request: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    current?.resolve(false);
    current = {
      ...request,
      resolve: (ok) => {
        current = undefined;
        emit();
        resolve(ok);
      },
    };
    emit();
  });
}

/** The confirmation on screen, if any. */
export function useConfirmRequest(): ConfirmRequest | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
