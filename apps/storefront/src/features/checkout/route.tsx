import type { Checkout } from '@merx/contract';
import { MerxError } from '@merx/sdk';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/page-title';
import { Empty, ErrorState, Loading } from '../../components/states';
import { isNotFound, messageOf } from '../../lib/errors';
import { handOffCallbacks, handOffOf, shopAfterOrderUrl, takeHandOff } from '../../lib/hand-off';
import { queryClient } from '../../lib/query-client';
import { checkoutOrderQuery, checkoutQuery, orderQuery, paymentStateQuery } from './api/checkout';
import { ContactStep } from './components/contact-step';
import { DeliveryStep, deliveryDone } from './components/delivery-step';
import { OrderSummary } from './components/order-summary';
import { PayOrder } from './components/pay-order';
import { PaymentStep } from './components/payment-step';
import './components/checkout.css';

export function warm({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get('checkoutId');
  // A hand-off is read once the buyer has been taken into this browser, not before with its old identity.
  if (id && !handOffOf(params)) void queryClient.prefetchQuery(checkoutQuery(id));
}

/** `url` when it is on another origin than this shop's (where a buyer came from), else undefined. */
function otherOrigin(url: string): string | undefined {
  try {
    return url && new URL(url).origin !== location.origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Hand-offs being taken, by session: one claim per session even when React runs an effect twice. */
const taking = new Map<string, Promise<void>>();

/**
 * Takes the buyer of the address's redirect session into this browser, then drops the session from the address.
 * A session this browser already took (back from the shop, a reload) simply opens the checkout as it stands.
 */
function useHandOff(): { pending: boolean; error?: unknown } {
  const [params, setParams] = useSearchParams();
  const handOff = handOffOf(params);
  const [error, setError] = useState<unknown>();
  // The hand-off as one string, so the effect runs once per hand-off whatever else the address holds.
  const wanted = handOff ? [handOff.checkoutId, handOff.redirectSessionId, handOff.key].join('\n') : '';
  useEffect(() => {
    if (!wanted) return;
    const [checkoutId = '', redirectSessionId = '', key = ''] = wanted.split('\n');
    let promise = taking.get(redirectSessionId);
    if (!promise) {
      promise = takeHandOff({ checkoutId, redirectSessionId, key });
      taking.set(redirectSessionId, promise);
    }
    const drop = () =>
      setParams(
        (p) => {
          p.delete('redirectSessionId');
          p.delete('key');
          return p;
        },
        { replace: true },
      );
    promise.then(drop, (e: unknown) => {
      if (e instanceof MerxError && e.code === 'HAND_OFF_USED') drop();
      else setError(e);
    });
  }, [wanted, setParams]);
  return { pending: Boolean(handOff) && !error, error };
}

type Step = 'contact' | 'delivery' | 'payment';

/** The first step the checkout still needs (a checkout opened from a link starts there). */
export function firstOpenStep(c: Checkout): Step {
  if (!c.buyerInfo.email) return 'contact';
  const hasAddress = Boolean(c.shippingInfo.shippingDestination?.address?.addressLine);
  // An address no option reaches (or a pickup not yet chosen) keeps the buyer on delivery, never on payment.
  if (!hasAddress || !deliveryDone(c)) return 'delivery';
  return 'payment';
}

const ORDER: Step[] = ['contact', 'delivery', 'payment'];

function Section(props: {
  n: number;
  title: string;
  state: 'open' | 'done' | 'later';
  summary?: ReactNode;
  onEdit?: () => void;
  children: ReactNode;
}) {
  return (
    <section className={`step step--${props.state}`} aria-labelledby={`step-${props.n}`}>
      <header className="step__header">
        <h2 id={`step-${props.n}`}>
          <span className="step__n" aria-hidden="true">
            {props.n}
          </span>
          {props.title}
        </h2>
        {props.state === 'done' && props.onEdit ? (
          <button type="button" className="link-button" onClick={props.onEdit}>
            Change<span className="visually-hidden"> {props.title.toLowerCase()}</span>
          </button>
        ) : null}
      </header>
      {props.state === 'open' ? props.children : props.state === 'done' ? props.summary : null}
    </section>
  );
}

function CheckoutView({ checkout }: { checkout: Checkout }) {
  const [chosen, setChosen] = useState<Step | undefined>();
  const first = firstOpenStep(checkout);
  // The shopper may go back to a done step, never forward past the first one still needed.
  const open = chosen && ORDER.indexOf(chosen) <= ORDER.indexOf(first) ? chosen : first;
  const state = (s: Step) => (s === open ? 'open' : ORDER.indexOf(s) < ORDER.indexOf(first) ? 'done' : 'later');
  const selected = checkout.shippingInfo.selectedCarrierServiceOption as { title?: string } | undefined;
  const address = checkout.shippingInfo.shippingDestination?.address as Record<string, string> | undefined;
  return (
    <div className="checkout">
      <div className="checkout__steps">
        <Section
          n={1}
          title="Contact"
          state={state('contact')}
          onEdit={() => setChosen('contact')}
          summary={<p>{checkout.buyerInfo.email}</p>}
        >
          <ContactStep checkout={checkout} onDone={() => setChosen('delivery')} />
        </Section>
        <Section
          n={2}
          title="Delivery"
          state={state('delivery')}
          onEdit={() => setChosen('delivery')}
          summary={
            <p>
              {[address?.addressLine, address?.city, address?.postalCode].filter(Boolean).join(', ')}
              {selected?.title ? ` · ${selected.title}` : ''}
            </p>
          }
        >
          <DeliveryStep checkout={checkout} onDone={() => setChosen('payment')} />
        </Section>
        <Section n={3} title="Payment" state={state('payment')}>
          <PaymentStep checkout={checkout} />
        </Section>
      </div>
      <OrderSummary checkout={checkout} />
    </div>
  );
}

/**
 * A completed checkout: its order as it stands. Unpaid and paid online (the card was declined, or the buyer left
 * before paying): what happened and a card form that pays that same order. Otherwise: the way to its confirmation.
 */
function PlacedOrder({ checkoutId }: { checkoutId: string }) {
  const navigate = useNavigate();
  const placed = useQuery(checkoutOrderQuery(checkoutId));
  const orderId = placed.data ?? '';
  const order = useQuery({ ...orderQuery(orderId), enabled: Boolean(orderId) });
  const payment = useQuery({ ...paymentStateQuery(orderId), enabled: Boolean(orderId) });
  const error = placed.error ?? order.error ?? payment.error;
  if (error) return <ErrorState error={error} retry={() => void placed.refetch()} />;
  if (!order.data || !payment.data) return <Loading label="Loading your order…" />;
  const thanks = `/thank-you/${encodeURIComponent(orderId)}`;
  // A checkout a headless shop handed over ends on the shop's own thank-you page.
  const shopThanks = shopAfterOrderUrl(checkoutId, orderId);
  const done = () => (shopThanks ? location.assign(shopThanks) : navigate(thanks));
  if (payment.data.payable && order.data.status !== 'CANCELED')
    return (
      <div style={{ maxWidth: '36rem' }}>
        <PayOrder
          orderId={orderId}
          total={order.data.priceSummary.total?.formattedAmount ?? ''}
          amount={order.data.priceSummary.total?.amount ?? '0'}
          currency={order.data.currency}
          lastDecline={payment.data.declineReason}
          heading="Your payment didn't go through"
          onPaid={done}
        />
      </div>
    );
  if (order.data.status === 'CANCELED')
    return (
      <Empty title={`Order #${order.data.number} was canceled`}>
        <p>It was not paid in time, so the items were released. You are welcome to order again.</p>
        <Link className="button button--primary" to="/shop">
          Continue shopping
        </Link>
      </Empty>
    );
  return (
    <Empty title="This order has been placed">
      <p>Order #{order.data.number} is on its way through. Your confirmation has the details.</p>
      {shopThanks ? (
        <a className="button button--primary" href={shopThanks}>
          See your order confirmation
        </a>
      ) : (
        <Link className="button button--primary" to={thanks}>
          See your order confirmation
        </Link>
      )}
    </Empty>
  );
}

/** The checkout: contact, delivery (address, option, slot or pickup), payment (tip, billing, card or offline). */
export function Component() {
  usePageTitle('Checkout');
  const [params] = useSearchParams();
  const id = params.get('checkoutId') ?? '';
  const handOff = useHandOff();
  const { data, error, isPending, refetch } = useQuery({
    ...checkoutQuery(id),
    enabled: Boolean(id) && !handOff.pending && !handOff.error,
  });
  const cartPage = handOffCallbacks(id)?.cartPageUrl;
  // A buyer sent by another shop whose link failed goes back to that shop (its callbacks come only with the buyer).
  const cameFrom = otherOrigin(document.referrer);
  return (
    <div className="container">
      <h1>Checkout</h1>
      {cartPage && data && !data.completed ? (
        <p className="checkout__back">
          <a href={cartPage}>Back to the cart</a>
        </p>
      ) : null}
      {handOff.error ? (
        <Empty title="This checkout link can't be opened">
          <p>{messageOf(handOff.error)}</p>
          {cameFrom ? (
            <a className="button button--primary" href={cameFrom}>
              Back to the shop
            </a>
          ) : (
            <Link className="button button--primary" to="/cart">
              Back to the cart
            </Link>
          )}
        </Empty>
      ) : handOff.pending ? (
        <Loading label="Opening your checkout…" />
      ) : !id || isNotFound(error) ? (
        <Empty title="This checkout is not open">
          <p>It may belong to another browser or have been completed.</p>
          {cartPage ? (
            <a className="button button--primary" href={cartPage}>
              Back to the cart
            </a>
          ) : (
            <Link className="button button--primary" to="/cart">
              Back to the cart
            </Link>
          )}
        </Empty>
      ) : isPending ? (
        <Loading label="Loading your checkout…" />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : data.completed ? (
        <PlacedOrder checkoutId={id} />
      ) : (
        <CheckoutView checkout={data} />
      )}
    </div>
  );
}
