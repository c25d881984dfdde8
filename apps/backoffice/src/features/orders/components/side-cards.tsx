import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import type { Order } from '../api/orders';
import { type Address, addressLines, type Contact, deliveryOf } from '../lib/order-view';
import { channelLabel } from '../lib/words';
import { type AddressDraft, AddressFields } from './address-fields';

function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button--link order-small" onClick={onClick}>
      Edit<span className="visually-hidden"> {label}</span>
    </button>
  );
}

function Lines({ lines, empty }: { lines: string[]; empty: string }) {
  if (lines.length === 0) return <p className="muted">{empty}</p>;
  return (
    <address className="order-address">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in their order
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}

/** The buyer: name, email (editable), phone, whether a member (with a link to them) or a guest, and the channel. */
export function CustomerCard({
  order,
  name,
  contact,
  memberId,
  email,
  editing,
  onEdit,
  onEmail,
  error,
  writer,
  canSeeMembers,
}: {
  order: Order;
  name: string;
  contact: Contact;
  memberId: string | undefined;
  email: string;
  editing: boolean;
  onEdit: () => void;
  onEmail: (email: string) => void;
  error: string | undefined;
  writer: boolean;
  canSeeMembers: boolean;
}) {
  return (
    <Card title="Customer" id="order-customer">
      <div className="stack">
        <p className="order-customer-name">
          {name || 'No name given'}
          <span className="muted order-small"> · {memberId ? 'Member' : 'Guest'}</span>
        </p>
        {memberId && canSeeMembers ? (
          <p>
            <Link to={`/customers/${memberId}`}>View customer</Link>
          </p>
        ) : null}
        {editing ? (
          <TextField
            label="Email"
            type="email"
            value={email}
            maxLength={254}
            onChange={(e) => onEmail(e.target.value)}
            error={error}
            autoFocus
          />
        ) : (
          <div className="order-inline">
            {email ? <a href={`mailto:${email}`}>{email}</a> : <span className="muted">No email</span>}
            {writer ? <EditButton label="email" onClick={onEdit} /> : null}
          </div>
        )}
        {contact.phone ? <p>{contact.phone}</p> : null}
        <p className="muted order-small">Ordered through: {channelLabel(order.channelInfo.type)}</p>
      </div>
    </Card>
  );
}

/** Where the order goes and how: the shipping address (editable), the delivery method, and the billing address. */
export function AddressCards({
  order,
  shipping,
  shippingSaved,
  billing,
  editing,
  onEdit,
  onShipping,
  errors,
  writer,
}: {
  order: Order;
  shipping: AddressDraft;
  shippingSaved: { contact: Contact; address: Address };
  billing: { contact: Contact; address: Address };
  editing: boolean;
  onEdit: () => void;
  onShipping: (patch: Partial<AddressDraft>) => void;
  errors: Record<string, string>;
  writer: boolean;
}) {
  const delivery = deliveryOf(order);
  const shippingLines = addressLines(shippingSaved.address, shippingSaved.contact);
  const billingAddress = addressLines(billing.address);
  const billingLines = billingAddress.length > 0 ? addressLines(billing.address, billing.contact) : [];
  const same = billingLines.join('\n') === shippingLines.join('\n');
  return (
    <>
      <Card
        title={delivery.pickup ? 'Pickup' : 'Shipping address'}
        id="order-shipping"
        actions={
          writer && !editing && !delivery.pickup ? <EditButton label="shipping address" onClick={onEdit} /> : null
        }
      >
        {editing ? (
          <AddressFields value={shipping} onChange={onShipping} errors={errors} />
        ) : (
          <>
            {delivery.pickup && shippingLines.length > 0 ? (
              <p className="muted order-small">The customer’s address:</p>
            ) : null}
            <Lines lines={shippingLines} empty="No shipping address" />
          </>
        )}
        <div className="order-delivery">
          <h3 className="order-subheading">Delivery method</h3>
          <p>
            {delivery.title ?? 'None chosen'}
            {delivery.cost ? <span className="muted"> · {delivery.cost}</span> : null}
          </p>
          {delivery.detail ? <p className="muted order-small">{delivery.detail}</p> : null}
          {delivery.pickupAt.length > 0 ? (
            <p className="muted order-small">Picked up at {delivery.pickupAt.join(', ')}</p>
          ) : null}
        </div>
      </Card>
      <Card title="Billing address" id="order-billing">
        {same && billingLines.length > 0 ? (
          <p className="muted">Same as the shipping address</p>
        ) : (
          <Lines lines={billingLines} empty="No billing address" />
        )}
      </Card>
    </>
  );
}

/** The order's tags: removed with their ×, added by typing (suggestions from the tags in use). Saved with the page. */
export function TagsCard({
  tags,
  known,
  onChange,
  writer,
}: {
  tags: string[];
  known: readonly string[];
  onChange: (tags: string[]) => void;
  writer: boolean;
}) {
  const [text, setText] = useState('');
  const list = useId();
  const input = useId();
  const add = () => {
    const tag = text.trim();
    if (tag && !tags.includes(tag)) onChange([...tags, tag]);
    setText('');
  };
  return (
    <Card title="Tags" id="order-tags">
      {tags.length > 0 ? (
        <ul className="chips order-tags" aria-label="Tags of this order">
          {tags.map((t) => (
            <li key={t} className="chip">
              {t}
              {writer ? (
                <button
                  type="button"
                  aria-label={`Remove tag ${t}`}
                  onClick={() => onChange(tags.filter((x) => x !== t))}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No tags</p>
      )}
      {writer ? (
        <div className="order-tag-add">
          <label htmlFor={input} className="visually-hidden">
            Add a tag
          </label>
          <input
            id={input}
            list={list}
            value={text}
            maxLength={100}
            placeholder="Add a tag"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <datalist id={list}>
            {known
              .filter((k) => !tags.includes(k))
              .map((k) => (
                <option key={k} value={k} />
              ))}
          </datalist>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={add}
            disabled={!text.trim()}
          >
            Add
          </button>
        </div>
      ) : null}
    </Card>
  );
}
