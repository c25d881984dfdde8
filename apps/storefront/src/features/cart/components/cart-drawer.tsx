import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { setCartDrawerOpen, useCartDrawerOpen } from '../../../lib/cart-drawer';
import { itemCount, useCart } from '../api/cart';
import { CartLines } from './cart-lines';
import { CheckoutButton } from './checkout-button';
import './cart.css';

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
              <p className="row">
                <span>Subtotal</span>
                <strong>{cart.subtotal.formattedAmount}</strong>
              </p>
              <p className="muted small">Shipping and tax are worked out at checkout.</p>
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
