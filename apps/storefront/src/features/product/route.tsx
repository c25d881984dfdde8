import type { Product } from '@merx/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { NotFound } from '../../components/not-found';
import { usePageTitle } from '../../components/page-title';
import { Price } from '../../components/price';
import { ErrorState } from '../../components/states';
import { isNotFound, messageOf } from '../../lib/errors';
import { formatMoney, storeMoney } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { safeHtml } from '../../lib/rich-text';
import {
  availabilityQuery,
  modifiersQuery,
  type ProductModifiers,
  productBySlugQuery,
  useAddToCart,
} from './api/product';
import { warmRelated } from './api/recommendations';
import { BackInStock } from './components/back-in-stock';
import { FreeTextField } from './components/free-text-field';
import { Gallery, type GalleryItem } from './components/gallery';
import { ModifierPicker } from './components/modifier-picker';
import { OptionPicker } from './components/option-picker';
import { RelatedProducts } from './components/related-products';
import {
  addedMinorOf,
  cleanPicks,
  cleanTexts,
  currencyDigits,
  missingModifiers,
  type Picks,
  type Texts,
  textProblem,
  toMajor,
  toMinor,
} from './modifiers';
import { buyState, choiceAvailability } from './stock';
import './components/product.css';

export function warm({ params }: LoaderFunctionArgs) {
  if (params.slug) void queryClient.prefetchQuery(productBySlugQuery(params.slug));
  // The modifiers (catalog v3) come beside the product, not after it.
  if (params.slug) void queryClient.prefetchQuery(modifiersQuery(params.slug));
  if (params.slug) warmRelated(params.slug);
}

const UNIT: Record<string, string> = { G: 'g', KG: 'kg', ML: 'ml', L: 'l', CL: 'cl', M: 'm', CM: 'cm', MM: 'mm' };

/** "€1.12 / 100 g" from the product's price per unit data, when it has some. */
function pricePerUnit(p: Product, price: number): string | undefined {
  const u = p.pricePerUnitData;
  if (!u?.totalQuantity || !u.baseQuantity) return undefined;
  const per = (price / u.totalQuantity) * u.baseQuantity;
  const unit = UNIT[u.baseMeasurementUnit ?? ''] ?? (u.baseMeasurementUnit ?? '').toLowerCase();
  return `${formatMoney(per)} / ${u.baseQuantity === 1 ? '' : `${u.baseQuantity} `}${unit}`;
}

/** The product's images, and its videos with their poster (or the product's first image standing in). */
function galleryOf(p: Product): GalleryItem[] {
  const items: GalleryItem[] = [];
  for (const m of p.media?.items ?? []) {
    const video = m.mediaType === 'video' ? m.video?.files[0]?.url : undefined;
    if (video) items.push({ id: m.id || video, url: m.thumbnail?.url ?? '', title: m.title, video: { url: video } });
    else if (m.image?.url) items.push({ id: m.id || m.image.url, url: m.image.url, title: m.title });
  }
  return items;
}

/** The price with the picked modifiers' added prices (the product's discount does not apply to them). */
function withAdded(priceData: Product['priceData'], addedMinor: number, currency: string, digits: number) {
  const plus = (amount: number | undefined) => toMajor(toMinor(amount ?? 0, digits) + addedMinor, digits);
  const price = plus(priceData?.price);
  const discounted = priceData?.discountedPrice === undefined ? price : plus(priceData.discountedPrice);
  return {
    unit: discounted,
    formatted:
      addedMinor === 0
        ? priceData?.formatted
        : { price: formatMoney(price, currency), discountedPrice: formatMoney(discounted, currency) },
  };
}

/** Where the product's modifiers stand: loading, failed (with a retry), or read (maybe none). */
interface ModifiersState {
  list: ProductModifiers | undefined;
  pending: boolean;
  error: boolean;
  retry: () => void;
}

function ProductView({ product, modifiers }: { product: Product; modifiers: ModifiersState }) {
  const options = product.productOptions ?? [];
  const [selection, setSelection] = useState<Record<string, string>>({});
  const [picks, setPicks] = useState<Picks>({});
  const [texts, setTexts] = useState<Texts>({});
  const textInputs = useRef(new Map<string, HTMLInputElement>());
  const [quantity, setQuantity] = useState(1);
  const [tried, setTried] = useState(false);
  const availability = useQuery(availabilityQuery(product.id, selection));
  const add = useAddToCart();
  const gallery = useMemo(() => galleryOf(product), [product]);

  const complete = options.every((o) => selection[o.name ?? '']);
  const variant = complete ? availability.data?.selectedVariant : undefined;
  const priceData = variant?.price ?? product.priceData;
  const live = availability.data?.productOptions ?? options;
  // A choice out of units may still sell on preorder (the availability call's `inStock` counts units on hand).
  const availabilityOf = (optionName: string) => (choice: string) =>
    choiceAvailability(
      product,
      optionName,
      choice,
      selection,
      live.find((o) => o.name === optionName)?.choices?.find((c) => (c.description ?? c.value) === choice)?.inStock !==
        false,
    );

  // The image of the last colour chosen (choice media), if it has one.
  const focusId = useMemo(() => {
    for (const o of options) {
      const chosen = o.choices?.find((c) => (c.description ?? c.value) === selection[o.name ?? '']);
      const id = chosen?.media?.mainMedia?.id;
      if (id) return id;
    }
    return undefined;
  }, [options, selection]);

  const tracked = product.stock?.trackInventory;
  // Without options the product's own stock says it (no availability is asked for); with options, the choice made.
  const buy = buyState(product, complete, variant, availability.data?.availableForPurchase);
  const soldOut = buy.availability === 'out';
  const preorder = buy.availability === 'preorder';
  const left = buy.left;
  const stockText = soldOut
    ? 'Out of stock'
    : preorder
      ? 'Out of stock: available to preorder'
      : tracked && left !== undefined && left <= 5
        ? `Only ${left} left`
        : buy.availability === 'in'
          ? 'In stock'
          : product.stock?.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK'
            ? product.stock.availableForPreorder
              ? 'Some options are on preorder'
              : 'Some options are sold out'
            : 'In stock';
  // A preorder may take more than the units on hand: the server holds it to the merchant's limit.
  const maxQuantity = tracked && left && !preorder ? Math.max(1, left) : 99;
  const choiceModifiers = modifiers.list?.choices ?? [];
  const textModifiers = modifiers.list?.texts ?? [];
  const textProblems = Object.fromEntries(textModifiers.map((m) => [m.key, textProblem(m, texts[m.key])]));
  const firstTextProblem = textModifiers.find((m) => textProblems[m.key]);
  const addedMinor = addedMinorOf(choiceModifiers, picks);
  const currency = priceData?.currency || storeMoney.currency;
  const digits = currencyDigits(currency);
  const shown = withAdded(priceData, addedMinor, currency, digits);
  const plusMoney = (minor: number) => `+ ${formatMoney(toMajor(minor, digits), currency)}`;
  const missingPicks = missingModifiers(choiceModifiers, picks);
  const missing = [...options.filter((o) => !selection[o.name ?? '']).map((o) => o.name ?? ''), ...missingPicks];
  const perUnit = pricePerUnit(product, shown.unit);
  const ribbon = product.ribbon || product.ribbons?.[0]?.text;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    // Until the modifiers are known, a mandatory one could go unpicked (the cart would refuse the line).
    // A text refused takes the buyer to its field, where the reason is shown beside it.
    if (firstTextProblem) textInputs.current.get(firstTextProblem.key)?.focus();
    if (!complete || soldOut || missingPicks.length > 0 || firstTextProblem || modifiers.pending) return;
    add.mutate({
      productId: product.id,
      selection,
      picks: cleanPicks(choiceModifiers, picks),
      texts: cleanTexts(textModifiers, texts),
      quantity,
    });
  };

  return (
    <article className="product">
      <Gallery items={gallery} name={product.name} {...(focusId ? { focusId } : {})} />
      <div className="product__info">
        {ribbon ? <span className="ribbon ribbon--inline">{ribbon}</span> : null}
        {product.brand ? <p className="product__brand">{product.brand}</p> : null}
        <h1>{product.name}</h1>
        {shown.formatted?.price ? (
          <p className="product__price">
            <Price price={shown.formatted.price} discounted={shown.formatted.discountedPrice} />
          </p>
        ) : null}
        {perUnit ? <p className="muted small">{perUnit}</p> : null}
        <form onSubmit={onSubmit} className="product__form" noValidate>
          {options.map((o) => (
            <OptionPicker
              key={o.name}
              option={o}
              value={selection[o.name ?? '']}
              availability={availabilityOf(o.name ?? '')}
              onChange={(choice) => setSelection((s) => ({ ...s, [o.name ?? '']: choice }))}
            />
          ))}
          {choiceModifiers.map((m) => (
            <ModifierPicker
              key={m.key}
              modifier={m}
              value={picks[m.key]}
              added={plusMoney}
              onChange={(choice) =>
                setPicks(({ [m.key]: _, ...rest }) => (choice === undefined ? rest : { ...rest, [m.key]: choice }))
              }
            />
          ))}
          {textModifiers.map((m) => (
            <FreeTextField
              key={m.key}
              modifier={m}
              value={texts[m.key] ?? ''}
              error={tried ? textProblems[m.key] : undefined}
              onChange={(value) => setTexts((t) => ({ ...t, [m.key]: value }))}
              inputRef={(input) => {
                if (input) textInputs.current.set(m.key, input);
                else textInputs.current.delete(m.key);
              }}
            />
          ))}
          {modifiers.error ? (
            <p className="notice notice--error" role="alert">
              This product's extra choices could not be loaded.{' '}
              <button type="button" className="link-button" onClick={modifiers.retry}>
                Try again
              </button>
            </p>
          ) : null}
          <p
            className={`stock ${soldOut ? 'stock--out' : preorder ? 'stock--preorder' : complete || options.length === 0 ? 'stock--in' : 'stock--some'}`}
            role="status"
            aria-live="polite"
          >
            {stockText}
          </p>
          {soldOut ? (
            <BackInStock productName={product.name} />
          ) : (
            <div className="product__buy">
              <div className="field field--quantity">
                <label htmlFor="quantity">Quantity</label>
                <input
                  id="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={maxQuantity}
                  value={quantity}
                  onChange={(e) =>
                    setQuantity(Math.min(maxQuantity, Math.max(1, Math.floor(Number(e.target.value) || 1))))
                  }
                />
              </div>
              <button
                type="submit"
                className="button button--primary button--wide"
                disabled={add.isPending}
                aria-describedby={preorder ? 'preorder-note' : undefined}
              >
                {add.isPending ? 'Adding…' : preorder ? 'Preorder' : 'Add to cart'}
              </button>
              {preorder ? (
                <p id="preorder-note" className="product__preorder">
                  {buy.preorderMessage}
                </p>
              ) : null}
            </div>
          )}
          {tried && missing.length > 0 ? (
            <p className="notice notice--error" role="alert">
              Choose {missing.join(' and ').toLowerCase()} first.
            </p>
          ) : tried && modifiers.pending ? (
            <p className="notice" role="status">
              One moment: this product's choices are still loading.
            </p>
          ) : null}
          {add.error ? (
            <p className="notice notice--error" role="alert">
              {messageOf(add.error)}
            </p>
          ) : null}
        </form>
        {product.description ? (
          <section className="rich-text" aria-label="Description">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: reduced to an allow-list by safeHtml */}
            <div dangerouslySetInnerHTML={{ __html: safeHtml(product.description) }} />
          </section>
        ) : null}
        {(product.additionalInfoSections ?? []).map((s) => (
          <details key={s.title} className="info-section">
            <summary>{s.title}</summary>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: reduced to an allow-list by safeHtml */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(s.description ?? '') }} />
          </details>
        ))}
      </div>
    </article>
  );
}

/** The page's shape while the product loads, so that nothing jumps when it arrives. */
function ProductSkeleton() {
  return (
    <div className="product product--skeleton" aria-busy="true">
      <div className="gallery__main" />
      <div className="product__info">
        <p className="visually-hidden" role="status">
          Loading the product…
        </p>
        <div className="skeleton-line skeleton-line--short" />
        <div className="skeleton-line skeleton-line--title" />
        <div className="skeleton-line skeleton-line--short" />
      </div>
    </div>
  );
}

/** The product page: gallery, options with availability, stock, quantity, add to cart, description. */
export function Component() {
  const { slug = '' } = useParams();
  // The loader's lookup already ran (with its retries): a page mounting after it failed shows that failure rather
  // than asking again (a "no such product" would only come back later).
  const { data: product, error, isPending, refetch } = useQuery({ ...productBySlugQuery(slug), retryOnMount: false });
  // Asked for at once (the loader already did): the page shows without them and adds them when they come.
  const modifiers = useQuery(modifiersQuery(product?.slug ?? slug));
  // The not-found page's own title (this page's effect runs after its child's).
  usePageTitle(product?.name ?? (isNotFound(error) ? 'Page not found' : undefined));
  if (isNotFound(error)) return <NotFound what="product" />;
  return (
    <div className="container">
      <Breadcrumbs
        trail={[{ label: 'Home', to: '/' }, { label: 'Shop', to: '/shop' }, { label: product?.name ?? 'Product' }]}
      />
      {isPending ? (
        <ProductSkeleton />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : (
        <>
          <ProductView
            key={product.id}
            product={product}
            modifiers={{
              list: modifiers.data,
              pending: modifiers.isPending,
              error: modifiers.isError,
              retry: () => void modifiers.refetch(),
            }}
          />
          <RelatedProducts productId={product.id} />
        </>
      )}
    </div>
  );
}
