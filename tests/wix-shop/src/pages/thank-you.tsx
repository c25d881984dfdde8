import { useEffect } from 'react';
import { cartChanged } from '../cart-count.js';
import { Link } from '../router.js';
import { useLoad } from '../use-load.js';
import { wix } from '../wix.js';

/**
 * Where the hosted checkout sends the buyer once the order is paid, with `orderId` in the query string. The order is
 * read with the visitor's own token when the store lets the buyer read it; otherwise the id alone is shown.
 */
export function ThankYou({ orderId }: { orderId: string }) {
  useEffect(() => cartChanged(null), []);
  const loaded = useLoad(orderId, async () => (orderId ? await wix.orders.getOrder(orderId) : null));
  const order = loaded.state === 'done' ? loaded.value : null;
  return (
    <>
      <h1>Thank you for your order</h1>
      {orderId ? (
        <p>
          Order id: <code data-testid="order-id">{orderId}</code>
        </p>
      ) : (
        <p role="alert">We did not get an order id back from the checkout.</p>
      )}
      {order ? (
        <section aria-label="Your order">
          <h2>Order #{order.number}</h2>
          <ul>
            {order.lineItems?.map((line) => (
              <li key={line._id}>
                {line.quantity} × {line.productName?.original}
              </li>
            ))}
          </ul>
          <p>Total: {order.priceSummary?.total?.formattedAmount}</p>
        </section>
      ) : null}
      <Link href="/">Keep shopping</Link>
    </>
  );
}
