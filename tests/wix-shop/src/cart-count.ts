/** The header's cart count, told by whichever page last saw the cart. */
import { useEffect, useState } from 'react';
import type { Cart } from './wix.js';

const CHANGE = 'corner-shop:cart';
let count = 0;

export function countOf(cart: Cart | null): number {
  return (cart?.lineItems ?? []).reduce((sum, line) => sum + (line.quantity ?? 0), 0);
}

export function cartChanged(cart: Cart | null): void {
  count = countOf(cart);
  window.dispatchEvent(new Event(CHANGE));
}

export function useCartCount(): number {
  const [value, setValue] = useState(count);
  useEffect(() => {
    const update = () => setValue(count);
    window.addEventListener(CHANGE, update);
    return () => window.removeEventListener(CHANGE, update);
  }, []);
  return value;
}
