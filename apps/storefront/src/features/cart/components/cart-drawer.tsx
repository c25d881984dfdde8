import type { Cart } from '@merx/contract';
import { totalsRows } from '@merx/contract/words';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { TotalsList } from '../../../components/order-summary';
import { setCartDrawerOpen, useCartDrawerOpen } from '../../../lib/cart-drawer';
import { estimateQuery, itemCount, useCart } from '../api/cart';
import { CartLines } from './cart-lines';
import { CheckoutButton } from './checkout-button';
import './cart.css';

/**
 * The cart's totals so far, in the rows of every page: subtotal, the coupon's discount, tax, and the total before
 * shipping (no destination yet, the same estimate the cart page starts with).
 */
function DrawerTotals({ cart, open }: { cart: Cart; open: boolean }) {
  // Asked only while the drawer is open: the drawer is on every page, the estimate is not needed on every page.
  const estimate = useQuery({ ...estimateQuery(cart.revision, undefined), enabled: open });
  const summary = estimate.data?.priceSummary ?? { subtotal: cart.subtotal, total: cart.subtotal };
  const rows = totalsRows(summary, {
    currency: cart.currency,
    ...(cart.taxIncludedInPrices !== undefined ? { taxIncluded: cart.taxIncludedInPrices } : {}),
    totalLabel: 'Total before shipping',
  });
  return <TotalsList rows={rows} busy={estimate.isFetching} />;
}

/** The cart as a side panel (a modal dialog): opened by "Add to cart" and the header's cart button. */
export function CartDrawer() {
  const open = useCartDrawerOpen();
  const dialog = useRef<HTMLDialogElement>(null);
  const { data: cart } = useCart();
  const { pathname } = useLocation();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  // Following a link inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setCartDrawerOpen(false), [pathname]);

  const count = itemCount(cart);
  return (
    <dialog
      ref={dialog}
      className="drawer"
      aria-labelledby="drawer-title"
      onClose={() => setCartDrawerOpen(false)}
      onClick={(e) => {
        if (e.target === dialog.current) setCartDrawerOpen(false);
      }}
      onKeyDown={() => undefined}
    >
      <div className="drawer__panel">
        <header className="drawer__header">
          <h2 id="drawer-title">Your cart{count ? ` (${count})` : ''}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close cart"
            onClick={() => setCartDrawerOpen(false)}
          >
            ✕
          </button>
        </header>
        {!cart || cart.lineItems.length === 0 ? (
          <div className="drawer__empty">
            <p>Your cart is empty.</p>
            <Link className="button" to="/shop">
              Start shopping
            </Link>
          </div>
        ) : (
          <>
            <div className="drawer__body">
              <CartLines cart={cart} compact />
            </div>
            <footer className="drawer__footer">
              <DrawerTotals cart={cart} open={open} />
              <p className="muted small">Shipping, and tax where you live, are worked out at checkout.</p>
              <CheckoutButton cart={cart} />
              <Link className="button button--ghost" to="/cart">
                View cart
              </Link>
            </footer>
          </>
        )}
      </div>
    </dialog>
  );
}
