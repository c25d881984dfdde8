import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { usePageTitle } from '../../components/page-title';
import { Empty, ErrorState, Loading } from '../../components/states';
import { queryClient } from '../../lib/query-client';
import { cartQuery, itemCount, useCart } from './api/cart';
import { CartLines } from './components/cart-lines';
import { CartSummary } from './components/cart-summary';
import './components/cart.css';

export const warm = () => void queryClient.prefetchQuery(cartQuery());

/** The cart page: lines on the left, coupon, estimate and checkout on the right. */
export function Component() {
  usePageTitle('Cart');
  const { data: cart, isPending, error, refetch } = useCart();
  return (
    <section className="container">
      <Breadcrumbs trail={[{ label: 'Home', to: '/' }, { label: 'Cart' }]} />
      <h1>Your cart{cart ? ` (${itemCount(cart)})` : ''}</h1>
      {isPending ? (
        <Loading label="Loading your cart…" />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : !cart || cart.lineItems.length === 0 ? (
        <Empty title="Your cart is empty">
          <p>Find something you like in the shop.</p>
          <Link className="button button--primary" to="/shop">
            Browse products
          </Link>
        </Empty>
      ) : (
        <div className="cart-page">
          <CartLines cart={cart} />
          <CartSummary cart={cart} />
        </div>
      )}
    </section>
  );
}
