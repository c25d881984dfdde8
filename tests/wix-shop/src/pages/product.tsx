import { type FormEvent, useState } from 'react';
import { cartChanged } from '../cart-count.js';
import { Link } from '../router.js';
import { useLoad } from '../use-load.js';
import { imageSrc, type Product, STORES_APP_ID, wix } from '../wix.js';

type Choices = Record<string, string>;

/** The variant whose choices are exactly those chosen (every option chosen), if there is one. */
function variantOf(product: Product, chosen: Choices) {
  const names = (product.productOptions ?? []).map((o) => o.name ?? '');
  if (names.some((n) => !chosen[n])) return undefined;
  return product.variants?.find((v) => names.every((n) => v.choices?.[n] === chosen[n]));
}

export function ProductPage({ slug }: { slug: string }) {
  const loaded = useLoad(slug, async () => (await wix.products.queryProducts().eq('slug', slug).find()).items[0]);
  if (loaded.state === 'loading') return <p role="status">Loading…</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.message}</p>;
  if (!loaded.value) return <h1>No such product</h1>;
  return <ProductDetails product={loaded.value} />;
}

function ProductDetails({ product }: { product: Product }) {
  const [chosen, setChosen] = useState<Choices>({});
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const options = product.productOptions ?? [];
  const choose = (name: string, value: string) => {
    setChosen({ ...chosen, [name]: value });
    setMessage(null);
  };
  const variant = variantOf(product, chosen);
  const price = variant?.variant?.priceData?.formatted?.price ?? product.priceData?.formatted?.price;
  const colourImage = options
    .flatMap((o) => o.choices?.filter((c) => o.name && c.description === chosen[o.name]) ?? [])
    .map((c) => c.media?.mainMedia?.image)
    .find(Boolean);
  const image = colourImage ?? product.media?.mainMedia?.image;
  const soldOut = variant ? variant.stock?.inStock === false : product.stock?.inStock === false;

  async function add(event: FormEvent) {
    event.preventDefault();
    const missing = options.filter((o) => o.name && !chosen[o.name]).map((o) => o.name?.toLowerCase());
    if (missing.length > 0) {
      setMessage({ kind: 'alert', text: `Choose ${missing.join(' and ')} first` });
      return;
    }
    setBusy(true);
    try {
      const { cart } = await wix.currentCart.addToCurrentCart({
        lineItems: [
          {
            catalogReference: {
              appId: STORES_APP_ID,
              catalogItemId: product._id ?? '',
              // Products that manage variants are bought by variant id; others by their option choices.
              ...(product.manageVariants && variant
                ? { options: { variantId: variant._id } }
                : options.length > 0
                  ? { options: { options: chosen } }
                  : {}),
            },
            quantity,
          },
        ],
      });
      cartChanged(cart ?? null);
      setMessage({ kind: 'status', text: `Added ${quantity} × ${product.name} to your cart` });
    } catch (error) {
      setMessage({ kind: 'alert', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="product">
      <img src={imageSrc(image)} alt={product.name ?? ''} width={360} height={360} />
      <form onSubmit={add}>
        <h1>{product.name}</h1>
        <p className="product__price" data-testid="price">
          {price}
        </p>
        {options.map((option) =>
          option.optionType === 'color' ? (
            <fieldset key={option.name}>
              <legend>{option.name}</legend>
              {option.choices?.map((choice) => (
                <label key={choice.description} className="swatch">
                  <input
                    type="radio"
                    name={option.name ?? ''}
                    value={choice.description ?? ''}
                    checked={chosen[option.name ?? ''] === choice.description}
                    onChange={() => choose(option.name ?? '', choice.description ?? '')}
                  />
                  <span style={{ background: choice.value ?? undefined }} aria-hidden="true" />
                  {choice.description}
                </label>
              ))}
            </fieldset>
          ) : (
            <label key={option.name}>
              {option.name}
              <select
                value={chosen[option.name ?? ''] ?? ''}
                onChange={(e) => choose(option.name ?? '', e.target.value)}
              >
                <option value="">Choose…</option>
                {option.choices?.map((choice) => (
                  <option key={choice.description} value={choice.description ?? ''}>
                    {choice.description}
                  </option>
                ))}
              </select>
            </label>
          ),
        )}
        <label>
          Quantity
          <input
            type="number"
            min={1}
            max={99}
            value={quantity}
            onChange={(e) => setQuantity(Math.max(1, Number(e.target.value) || 1))}
          />
        </label>
        {soldOut ? <p role="status">Out of stock</p> : null}
        <button type="submit" disabled={busy || soldOut}>
          Add to cart
        </button>
        {message ? (
          <p role={message.kind}>
            {message.text}
            {message.kind === 'status' ? (
              <>
                {' '}
                <Link href="/cart">View cart</Link>
              </>
            ) : null}
          </p>
        ) : null}
      </form>
    </article>
  );
}
