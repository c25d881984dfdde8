import { useSyncExternalStore } from 'react';

/** A short message after an action: what happened, in words, and whether it went wrong. */
export interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error' | 'info';
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Shows a toast for a few seconds (errors stay until dismissed). */
export function toast(message: string, tone: Toast['tone'] = 'success'): void {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone }].slice(-4);
  emit();
  if (tone !== 'error') setTimeout(() => dismissToast(id), 5000);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** The toasts on screen now. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
  );
}
