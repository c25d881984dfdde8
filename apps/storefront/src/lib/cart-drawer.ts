import { useSyncExternalStore } from 'react';

/** Whether the cart drawer is open: one small store, opened by "Add to cart" and the header's cart button. */
let open = false;
const listeners = new Set<() => void>();

export function setCartDrawerOpen(next: boolean): void {
  open = next;
  for (const l of listeners) l();
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
