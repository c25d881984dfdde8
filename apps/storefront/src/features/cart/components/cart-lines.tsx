import type { Cart } from '@merx/contract';
import { lineOptions } from '@merx/contract/words';
import { Link } from 'react-router';
import { Price } from '../../../components/price';
import { messageOf } from '../../../lib/errors';
import { useCartChanges } from '../api/cart';

type Line = Cart['lineItems'][number];

/** What keeps a line from being bought as it is, in words (or undefined when it is fine). */
export function availabilityProblem(line: Line): string | undefined {
  const { status, quantityAvailable } = line.availability;
  if (status === 'NOT_AVAILABLE' || status === 'NOT_FOUND') return 'No longer available: remove it to check out.';
  if (status === 'PARTIALLY_AVAILABLE')
    return `Only ${quantityAvailable ?? 0} left: lower the quantity to ${quantityAvailable ?? 0} or fewer.`;
  return undefined;
}

/** The cart's lines with quantity steppers and removal; problems shown on the line they concern. */
export function CartLines({ cart, compact = false }: { cart: Cart; compact?: boolean }) {
  const { setQuantity, remove } = useCartChanges();
  const busy = setQuantity.isPending || remove.isPending;
  const failed = setQuantity.error ?? remove.error;
  return (
    <>
      {failed ? (
        <p className="notice notice--error" role="alert">
          {messageOf(failed)}
        </p>
      ) : null}
      <ul className={`cart-lines${compact ? ' cart-lines--compact' : ''}`}>
        {cart.lineItems.map((line) => {
          const problem = availabilityProblem(line);
          const name = line.productName.original;
          const options = lineOptions(line.descriptionLines);
          const href = line.url?.relativePath;
          return (
            <li key={line.id} className="cart-line">
              {line.image?.url ? (
                <img className="cart-line__image" src={line.image.url} alt="" width={72} height={72} loading="lazy" />
              ) : (
                <span className="cart-line__image" />
              )}
              <div className="cart-line__info">
                {href ? <Link to={href}>{name}</Link> : <span>{name}</span>}
                {options ? <span className="muted">{options}</span> : null}
                <Price
                  price={line.priceBeforeDiscounts.formattedAmount}
                  discounted={line.price.formattedAmount}
                  className="cart-line__unit"
                />
                {problem ? (
                  <p className="cart-line__problem" role="status">
                    {problem}
                  </p>
                ) : null}
              </div>
              <div className="cart-line__actions">
                <fieldset className="stepper">
                  <legend className="visually-hidden">Quantity of {name}</legend>
                  <button
                    type="button"
                    aria-label={`One fewer ${name}`}
                    disabled={busy || line.quantity <= 1}
                    onClick={() => setQuantity.mutate({ id: line.id, quantity: line.quantity - 1 })}
                  >
                    −
                  </button>
                  <output aria-live="polite">{line.quantity}</output>
                  <button
                    type="button"
                    aria-label={`One more ${name}`}
                    disabled={busy}
                    onClick={() => setQuantity.mutate({ id: line.id, quantity: line.quantity + 1 })}
                  >
                    +
                  </button>
                </fieldset>
                <strong className="cart-line__total">{line.lineItemPrice.formattedAmount}</strong>
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  onClick={() => remove.mutate(line.id)}
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
