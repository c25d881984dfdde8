import { MerxApplicationError } from '@merx/sdk';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MoneyField, SelectField, TextArea, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { useUnsavedChangesGuard } from '../../components/save-bar';
import { FormError } from '../../components/states';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { formatMoney, storeMoney } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import {
  type NewOrderInput,
  shippingChoicesQuery,
  useCreateOrder,
  useMemberSearch,
  useShippingChoices,
} from './api/new-order';
import { type AddressDraft, AddressFields, EMPTY_ADDRESS, wireOf } from './components/address-fields';
import { LineImage } from './components/lines-card';
import { type DraftLine, ProductPicker } from './components/product-picker';
import './orders.css';

/** The Wix Stores app id that catalog lines name (the contract's STORES_APP_ID, written here to keep zod out). */
const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

let nextKey = 1;

/** Server refusals that are not field violations, put beside the field they are about. */
function appErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof MerxApplicationError)) return {};
  const out: Record<string, string> = {};
  if (error.code.startsWith('COUPON_')) out.coupon = error.description;
  if (error.code === 'MEMBER_NOT_FOUND') out.email = 'This member no longer exists: choose another or type an email.';
  const problems = Array.isArray(error.data.problems) ? (error.data.problems as Array<Record<string, unknown>>) : [];
  for (const p of problems) {
    const field = String(p.field ?? '');
    const text = String(p.description ?? '');
    if (field.includes('buyerInfo.email')) out.email ??= text;
    else if (field.includes('shippingDestination')) out.address ??= text;
    else if (field.includes('selectedCarrierServiceOption')) out.shipping ??= text;
    else if (field.includes('couponCode')) out.coupon ??= text;
  }
  return out;
}

function MemberSuggestions({
  text,
  onPick,
}: {
  text: string;
  onPick: (m: { id: string; email: string; firstName?: string; lastName?: string }) => void;
}) {
  const members = useMemberSearch(text, true);
  const found = members.data ?? [];
  if (!members.data || found.length === 0) return null;
  return (
    <div className="order-members">
      <p className="muted order-small" id="member-suggestions">
        Members matching “{text.trim()}”:
      </p>
      <ul aria-labelledby="member-suggestions">
        {found.map((m) => {
          const p = m.identityProfile as { firstName?: string; lastName?: string };
          const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
          return (
            <li key={m.id}>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() =>
                  onPick({
                    id: m.id,
                    email: m.email.address,
                    ...(p.firstName ? { firstName: p.firstName } : {}),
                    ...(p.lastName ? { lastName: p.lastName } : {}),
                  })
                }
              >
                Use {name ? `${name} (${m.email.address})` : m.email.address}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A new order for a customer (phone, email or in-person sales): the customer (a member or any email), products and
 * custom items, the shipping address and option, a coupon, and whether it is paid already. The server prices and
 * checks it like a shopper's checkout, and takes the stock.
 */
export function Component() {
  const can = useCan();
  const navigate = useNavigate();
  const shippingChoices = useShippingChoices();
  const create = useCreateOrder();
  const [email, setEmail] = useState('');
  const [member, setMember] = useState<{ id: string; email: string }>();
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [custom, setCustom] = useState({ name: '', price: '', quantity: '1' });
  const [customError, setCustomError] = useState<Record<string, string>>({});
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [shippingCode, setShippingCode] = useState('');
  const [coupon, setCoupon] = useState('');
  const [paid, setPaid] = useState<'unpaid' | 'paid'>('unpaid');
  const [note, setNote] = useState('');
  const [created, setCreated] = useState<string>();
  const paymentName = useId();

  const errors = { ...fieldErrorsOf(create.error, 'order.'), ...appErrorsOf(create.error) };
  const addressErrors = fieldErrorsOf(create.error, 'order.shippingInfo.shippingDestination.');
  const touched =
    email !== '' ||
    lines.length > 0 ||
    JSON.stringify(address) !== JSON.stringify(EMPTY_ADDRESS) ||
    coupon !== '' ||
    note !== '';
  const subtotal = lines.reduce((sum, l) => sum + l.price * (Number(l.quantity) || 0), 0);
  const known = new Set(Object.keys(errors));
  const shownError = known.size > 0 || Object.keys(addressErrors).length > 0 ? undefined : create.error;

  useUnsavedChangesGuard(touched && !created && !create.isPending);
  useEffect(() => {
    if (created) navigate(`/orders/${created}`);
  }, [created, navigate]);

  const addLine = (line: Omit<DraftLine, 'key'>) =>
    setLines((ls) => {
      const same = ls.find(
        (l) => l.kind === 'catalog' && l.productId === line.productId && l.variantId === line.variantId,
      );
      if (same) return ls.map((l) => (l === same ? { ...l, quantity: String((Number(l.quantity) || 0) + 1) } : l));
      return [...ls, { ...line, key: `l${nextKey++}` }];
    });

  const addCustom = () => {
    const price = Number(custom.price.replace(',', '.'));
    const quantity = Number(custom.quantity);
    const problems: Record<string, string> = {};
    if (!custom.name.trim()) problems.name = 'Name the item';
    if (!custom.price.trim() || !Number.isFinite(price) || price < 0) problems.price = 'Type a price, e.g. 12.50';
    if (!Number.isInteger(quantity) || quantity < 1) problems.quantity = 'At least 1';
    setCustomError(problems);
    if (Object.keys(problems).length > 0) return;
    setLines((ls) => [
      ...ls,
      {
        key: `l${nextKey++}`,
        kind: 'custom',
        name: custom.name.trim(),
        options: '',
        price,
        quantity: String(quantity),
      },
    ]);
    setCustom({ name: '', price: '', quantity: '1' });
  };

  const submit = () => {
    const destination = wireOf(address);
    const hasAddress =
      Object.values(destination.address).some(Boolean) || Object.values(destination.contactDetails).some(Boolean);
    const order: NewOrderInput = {
      lineItems: lines.map((l) =>
        l.kind === 'catalog'
          ? {
              catalogReference: {
                appId: STORES_APP_ID,
                catalogItemId: l.productId ?? '',
                ...(l.variantId ? { options: { variantId: l.variantId } } : {}),
              },
              quantity: Number(l.quantity),
            }
          : { productName: { original: l.name }, price: String(l.price), quantity: Number(l.quantity) },
      ),
      buyerInfo: { email: email.trim(), ...(member ? { memberId: member.id } : {}) },
      ...(hasAddress ? { billingInfo: destination } : {}),
      ...(hasAddress || shippingCode
        ? {
            shippingInfo: {
              ...(shippingCode ? { code: shippingCode } : {}),
              ...(hasAddress ? { shippingDestination: destination } : {}),
            },
          }
        : {}),
      ...(coupon.trim() ? { appliedDiscounts: [{ coupon: { code: coupon.trim() } }] } : {}),
      ...(note.trim() ? { buyerNote: note.trim() } : {}),
    };
    create.mutate(
      { order, markPaid: paid === 'paid' },
      {
        onSuccess: ({ order: o, paidError }) => {
          void queryClient.invalidateQueries({ queryKey: ['orders'] });
          if (paidError)
            toast(`Order #${o.number} created, but it could not be marked as paid: ${messageOf(paidError)}`, 'error');
          else toast(`Order #${o.number} created${paid === 'paid' ? ' and marked as paid' : ''}`);
          setCreated(o.id);
        },
      },
    );
  };

  return (
    <Page title="Create order" crumbs={[{ label: 'Orders', to: '/orders' }]}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="order-form-error">
          <FormError error={shownError} />
        </div>
        <div className="columns order-columns">
          <div>
            <Card title="Items" id="new-order-items">
              <div className="stack">
                {can('catalog:read') ? <ProductPicker onAdd={addLine} /> : null}
                {lines.length > 0 ? (
                  <div className="order-table-scroll">
                    <table className="order-lines">
                      <caption className="visually-hidden">Items of the new order</caption>
                      <thead>
                        <tr>
                          <th scope="col">Item</th>
                          <th scope="col" className="num">
                            Price
                          </th>
                          <th scope="col" className="num">
                            Quantity
                          </th>
                          <th scope="col">
                            <span className="visually-hidden">Remove</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {lines.map((l, i) => {
                          const error =
                            errors[`lineItems[${i}].quantity`] ??
                            errors[`lineItems[${i}]`] ??
                            errors[`lineItems[${i}].catalogReference`];
                          return (
                            <tr key={l.key}>
                              <td>
                                <div className="order-line">
                                  <LineImage url={l.imageUrl} size={36} />
                                  <div>
                                    <div className="order-line__name">{l.name}</div>
                                    {l.options ? <div className="muted order-small">{l.options}</div> : null}
                                    {l.kind === 'custom' ? <div className="muted order-small">Custom item</div> : null}
                                    {l.stock !== undefined ? (
                                      <div className="muted order-small">{l.stock} in stock</div>
                                    ) : null}
                                  </div>
                                </div>
                              </td>
                              <td className="num">{formatMoney(l.price)}</td>
                              <td className="num">
                                <label className="visually-hidden" htmlFor={`qty-${l.key}`}>
                                  Quantity of {l.name}
                                </label>
                                <input
                                  id={`qty-${l.key}`}
                                  className="order-qty__input"
                                  type="number"
                                  min={1}
                                  step={1}
                                  value={l.quantity}
                                  aria-invalid={error ? true : undefined}
                                  aria-describedby={error ? `qty-${l.key}-error` : undefined}
                                  onChange={(e) =>
                                    setLines((ls) =>
                                      ls.map((x) => (x.key === l.key ? { ...x, quantity: e.target.value } : x)),
                                    )
                                  }
                                />
                                {error ? (
                                  <p id={`qty-${l.key}-error`} className="field__error">
                                    {error}
                                  </p>
                                ) : null}
                              </td>
                              <td>
                                <button
                                  type="button"
                                  className="button button--secondary button--small"
                                  onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                                >
                                  Remove<span className="visually-hidden"> {l.name}</span>
                                </button>
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p className="muted">No items yet: find products above, or add a custom item below.</p>
                )}
                {errors.lineItems ? <p className="field__error">{errors.lineItems}</p> : null}
                <fieldset className="stack">
                  <legend>Custom item</legend>
                  <p className="muted order-small">Something not in your catalog, at the price you set.</p>
                  <div className="form-row">
                    <TextField
                      label="Item name"
                      value={custom.name}
                      maxLength={200}
                      onChange={(e) => setCustom((c) => ({ ...c, name: e.target.value }))}
                      error={customError.name}
                    />
                    <MoneyField
                      label="Price"
                      currency={storeMoney.currency}
                      value={custom.price}
                      onChange={(e) => setCustom((c) => ({ ...c, price: e.target.value }))}
                      error={customError.price}
                    />
                    <TextField
                      label="Quantity"
                      type="number"
                      min={1}
                      step={1}
                      value={custom.quantity}
                      onChange={(e) => setCustom((c) => ({ ...c, quantity: e.target.value }))}
                      error={customError.quantity}
                    />
                  </div>
                  <div>
                    <button type="button" className="button button--secondary" onClick={addCustom}>
                      Add custom item
                    </button>
                  </div>
                </fieldset>
              </div>
            </Card>
            <Card title="Shipping" id="new-order-shipping">
              <div className="stack">
                <AddressFields
                  value={address}
                  onChange={(p) => setAddress((a) => ({ ...a, ...p }))}
                  errors={addressErrors}
                />
                {errors.address ? <p className="field__error">{errors.address}</p> : null}
                <SelectField
                  label="Shipping option"
                  value={shippingCode}
                  onChange={(e) => setShippingCode(e.target.value)}
                  options={[
                    {
                      value: '',
                      label: shippingChoices.isPending
                        ? 'Loading options…'
                        : 'Let the store choose (the cheapest there)',
                    },
                    ...(shippingChoices.data ?? []).map((o) => ({ value: o.id, label: o.title })),
                  ]}
                  error={errors['shippingInfo.code'] ?? errors.shipping}
                  hint="It must deliver to the address above; pickup options need no address."
                />
              </div>
            </Card>
          </div>
          <div>
            <Card title="Customer" id="new-order-customer">
              <div className="stack">
                <TextField
                  label="Email"
                  type="email"
                  value={email}
                  maxLength={254}
                  autoComplete="off"
                  onChange={(e) => {
                    setEmail(e.target.value);
                    if (member && e.target.value.trim() !== member.email) setMember(undefined);
                  }}
                  error={errors['buyerInfo.email'] ?? errors.email}
                  hint={
                    can('members:read')
                      ? 'Type an email, or part of a member’s email or name to choose them.'
                      : undefined
                  }
                />
                {member ? (
                  <p className="order-small">
                    The order goes to this member’s account.{' '}
                    <button type="button" className="button--link" onClick={() => setMember(undefined)}>
                      Order as a guest instead
                    </button>
                  </p>
                ) : can('members:read') ? (
                  <MemberSuggestions
                    text={email}
                    onPick={(m) => {
                      setEmail(m.email);
                      setMember({ id: m.id, email: m.email });
                      setAddress((a) => ({
                        ...a,
                        firstName: a.firstName || m.firstName || '',
                        lastName: a.lastName || m.lastName || '',
                      }));
                    }}
                  />
                ) : null}
              </div>
            </Card>
            <Card title="Discount" id="new-order-discount">
              <TextField
                label="Coupon code (optional)"
                value={coupon}
                maxLength={100}
                onChange={(e) => setCoupon(e.target.value)}
                error={errors['appliedDiscounts[0].coupon.code'] ?? errors.coupon}
                hint="Automatic discounts apply by themselves."
              />
            </Card>
            <Card title="Payment" id="new-order-payment">
              <fieldset className="stack order-radios">
                <legend className="visually-hidden">Payment</legend>
                <label>
                  <input
                    type="radio"
                    name={paymentName}
                    checked={paid === 'unpaid'}
                    onChange={() => setPaid('unpaid')}
                  />{' '}
                  Not paid yet{' '}
                  <span className="muted order-small">— collect it later, then mark the order as paid</span>
                </label>
                <label>
                  <input type="radio" name={paymentName} checked={paid === 'paid'} onChange={() => setPaid('paid')} />{' '}
                  Paid already <span className="muted order-small">— cash, bank transfer or another way</span>
                </label>
              </fieldset>
              <TextArea
                label="Note (optional)"
                value={note}
                maxLength={1000}
                rows={2}
                onChange={(e) => setNote(e.target.value)}
                error={errors.buyerNote}
                hint="Shown on the order and its packing slip."
              />
            </Card>
            <Card title="Summary" id="new-order-summary">
              <dl className="order-totals">
                <div>
                  <dt>Items</dt>
                  <dd>{formatMoney(subtotal)}</dd>
                </div>
              </dl>
              <p className="muted order-small">Shipping, tax and discounts are added when the order is created.</p>
              <div className="form-actions">
                <Link to="/orders" className="button button--secondary">
                  Cancel
                </Link>
                <button type="submit" className="button" disabled={create.isPending || lines.length === 0}>
                  {create.isPending ? 'Creating…' : 'Create order'}
                </button>
              </div>
            </Card>
          </div>
        </div>
      </form>
    </Page>
  );
}

export function warm() {
  void queryClient.prefetchQuery(shippingChoicesQuery());
}
