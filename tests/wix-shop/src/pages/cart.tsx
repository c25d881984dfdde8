import { useEffect, useState } from 'react';
import { cartChanged } from '../cart-count.js';
import { Link } from '../router.js';
import { type Cart, imageSrc, loadCart, wix } from '../wix.js';

/**
 * The cart: quantities, removal, the subtotal, and "Checkout", which opens a checkout for the cart and hands the
 * buyer to the store's hosted checkout page through a redirect session that knows the way back.
 */
export function CartPage() {
  const [cart, setCart] = useState<Cart | null | undefined>(undefined);
  const [subtotal, setSubtotal] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  /** Shows the cart as it now is, with the subtotal the store works out for it. */
  async function show(next: Cart | null): Promise<void> {
    const lines = next?.lineItems?.length ?? 0;
    const totals = lines > 0 ? await wix.currentCart.estimateCurrentCartTotals({}) : null;
    setSubtotal(totals?.priceSummary?.subtotal?.formattedAmount ?? '');
    setCart(next);
    cartChanged(next);
  }

  useEffect(() => {
    loadCart()
      .then(show)
      .catch((e: unknown) => setProblem(String(e)));
  }, []);

  async function run(change: () => Promise<Cart | null | undefined>) {
    setBusy(true);
    setProblem('');
    try {
      await show((await change()) ?? null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  const setQuantity = (id: string, quantity: number) =>
    run(async () => (await wix.currentCart.updateCurrentCartLineItemQuantity([{ _id: id, quantity }])).cart);
  const remove = (id: string) => run(async () => (await wix.currentCart.removeLineItemsFromCurrentCart([id])).cart);

  async function checkout() {
    setBusy(true);
    setProblem('');
    try {
      const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({
        channelType: wix.currentCart.ChannelType?.WEB ?? ('WEB' as never),
      });
      const here = window.location.origin;
      const { redirectSession } = await wix.redirects.createRedirectSession({
        ecomCheckout: { checkoutId: checkoutId ?? '' },
        callbacks: { postFlowUrl: here, thankYouPageUrl: `${here}/thank-you`, cartPageUrl: `${here}/cart` },
      });
      window.location.href = redirectSession?.fullUrl ?? '/';
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  if (cart === undefined && !problem) return <p role="status">Loading…</p>;
  const lines = cart?.lineItems ?? [];
  return (
    <>
      <h1>Your cart</h1>
      {problem ? <p role="alert">{problem}</p> : null}
      {lines.length === 0 ? (
        <p>
          Your cart is empty. <Link href="/">Keep shopping</Link>
        </p>
      ) : (
        <>
          <ul className="lines">
            {lines.map((line) => {
              const name = line.productName?.original ?? '';
              const id = line._id ?? '';
              const quantity = line.quantity ?? 1;
              return (
                <li key={id} className="line" data-testid="cart-line">
                  <img src={imageSrc(line.image)} alt="" width={64} height={64} />
                  <div>
                    <strong>{name}</strong>
                    <span className="line__options">
                      {line.descriptionLines
                        ?.map((d) => `${d.name?.original}: ${d.colorInfo?.original ?? d.plainText?.original}`)
                        .join(' · ')}
                    </span>
                    <span>{line.price?.formattedAmount} each</span>
                  </div>
                  <div className="line__quantity">
                    <button
                      type="button"
                      aria-label={`Fewer ${name}`}
                      disabled={busy || quantity <= 1}
                      onClick={() => setQuantity(id, quantity - 1)}
                    >
                      −
                    </button>
                    <output aria-label={`Quantity of ${name}`}>{quantity}</output>
                    <button
                      type="button"
                      aria-label={`More ${name}`}
                      disabled={busy}
                      onClick={() => setQuantity(id, quantity + 1)}
                    >
                      +
                    </button>
                  </div>
                  <button type="button" disabled={busy} onClick={() => remove(id)}>
                    Remove {name}
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="subtotal">
            Subtotal: <strong data-testid="subtotal">{subtotal}</strong>
          </p>
          <button type="button" className="primary" disabled={busy} onClick={checkout}>
            Checkout
          </button>
        </>
      )}
    </>
  );
}
