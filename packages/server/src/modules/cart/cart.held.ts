import type { CartLineRecord, CartOwner, CartState } from './cart.types.js';

/**
 * Lines held at most, over all carts: the least recently used carts are dropped first. A held line keeps about 3 KB
 * alive with its view, wire item and JSON (LineMemo): at most ~30 MB.
 */
const MAX_HELD_LINES = 10_000;

/** A cart's lines as a committed change of this process left them. */
export interface HeldCart {
  cartId: string;
  /** The cart's revision that change wrote. */
  revision: number;
  lines: readonly CartLineRecord[];
}

const ownerKey = (owner: CartOwner) => `${owner.kind}:${owner.id}`;

/**
 * Carts' lines as this process's own committed changes left them, by owner. Every change of a cart's lines takes
 * the cart first, which bumps its revision in the same statement, so lines held at revision r are the cart's lines
 * while it is at r, and when a take answers r + 1 (no change of any process came in between): the statement then
 * reads no lines. Only the state of a committed change is held, never a read: a read may see a change that is
 * still to commit (SQLite's group commit) and may yet be rolled back.
 */
export class HeldLines {
  private readonly carts = new Map<string, HeldCart>();
  private lineCount = 0;

  /** The lines held for `owner`'s cart, if any (marked as the most recently used). */
  get(owner: CartOwner): HeldCart | undefined {
    const key = ownerKey(owner);
    const held = this.carts.get(key);
    if (held) {
      this.carts.delete(key);
      this.carts.set(key, held);
    }
    return held;
  }

  /** Holds the lines of `state`, the state a change of `owner`'s cart committed (unless a later one is held). */
  hold(owner: CartOwner, state: CartState): void {
    const known = this.carts.get(ownerKey(owner));
    // Two changes of one cart on two connections (PostgreSQL) may tell their commits in either order.
    if (known && known.cartId === state.cart.id && known.revision > state.cart.revision) return;
    this.drop(owner);
    // Changes replace `state.lines` and its records, never change them in place; frozen so that none ever does.
    for (const line of state.lines) if (!Object.isFrozen(line)) Object.freeze(line);
    const lines = Object.isFrozen(state.lines) ? state.lines : Object.freeze(state.lines);
    this.carts.set(ownerKey(owner), { cartId: state.cart.id, revision: state.cart.revision, lines });
    this.lineCount += lines.length;
    for (const [key, held] of this.carts) {
      if (this.lineCount <= MAX_HELD_LINES) break;
      this.carts.delete(key);
      this.lineCount -= held.lines.length;
    }
  }

  drop(owner: CartOwner): void {
    const key = ownerKey(owner);
    const held = this.carts.get(key);
    if (!held) return;
    this.carts.delete(key);
    this.lineCount -= held.lines.length;
  }
}
