import type { Cart } from '@merx/contract';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../lib/errors';
import { useStartCheckout } from '../api/cart';
import { availabilityProblem } from './cart-lines';

/** Makes a checkout of the cart and opens it; refused while a line cannot be bought as it is. */
export function CheckoutButton({ cart }: { cart: Cart }) {
  const start = useStartCheckout();
  const navigate = useNavigate();
  const blocked = cart.lineItems.some((line) => availabilityProblem(line));
  return (
    <>
      <button
        type="button"
        className="button button--primary button--wide"
        disabled={blocked || start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: ({ checkoutId }) => navigate(`/checkout?checkoutId=${encodeURIComponent(checkoutId)}`),
          })
        }
      >
        {start.isPending ? 'Opening checkout…' : 'Check out'}
      </button>
      {blocked ? <p className="muted small">Fix the lines marked above to check out.</p> : null}
      {start.error ? (
        <p className="notice notice--error" role="alert">
          {messageOf(start.error)}
        </p>
      ) : null}
    </>
  );
}
