import type { Identity } from '@merx/contract';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/page';
import { countryName } from '../../../lib/countries';
import { formatDate, formatDateTime } from '../../../lib/format';

interface Address {
  address?: {
    addressLine?: string | null;
    addressLine1?: string | null;
    addressLine2?: string | null;
    streetAddress?: { name?: string; number?: string; apt?: string } | null;
    city?: string | null;
    subdivision?: string | null;
    postalCode?: string | null;
    country?: string | null;
  };
  tag?: string;
}

const countryOf = (code: string | null | undefined) => (code ? countryName(code) : '');

/** An address as lines to read, the way it would sit on a parcel. */
function linesOf(a: NonNullable<Address['address']>): string[] {
  const street =
    a.addressLine ?? a.addressLine1 ?? [a.streetAddress?.number, a.streetAddress?.name].filter(Boolean).join(' ') ?? '';
  const apt = a.addressLine2 ?? a.streetAddress?.apt ?? '';
  const region = a.subdivision?.includes('-') ? a.subdivision.split('-')[1] : a.subdivision;
  return [street, apt, [a.postalCode, a.city, region].filter(Boolean).join(' '), countryOf(a.country)].filter(
    (l): l is string => Boolean(l),
  );
}

const tags: Record<string, string> = { HOME: 'Home', WORK: 'Work', BILLING: 'Billing', SHIPPING: 'Shipping' };

/** Who the member is: email, phone, company, when they joined and last signed in, how they sign in. */
export function ProfileCard({ member }: { member: Identity }) {
  const p = member.identityProfile as {
    phonesV2?: Array<{ countryCode?: string | null; phone: string }>;
    company?: string | null;
  };
  const phones = p.phonesV2 ?? [];
  const secondFactors = member.factors.filter((f) => f.type !== 'PASSWORD' && f.status === 'ACTIVE');
  return (
    <Card title="Customer" id="profile">
      <dl className="facts">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${member.email.address}`}>{member.email.address}</a>{' '}
          {member.email.isVerified ? <Badge tone="success">Verified</Badge> : <Badge>Not verified</Badge>}
        </dd>
        {phones.length > 0 ? (
          <>
            <dt>Phone</dt>
            <dd>{phones.map((ph) => [ph.countryCode, ph.phone].filter(Boolean).join(' ')).join(', ')}</dd>
          </>
        ) : null}
        {p.company ? (
          <>
            <dt>Company</dt>
            <dd>{p.company}</dd>
          </>
        ) : null}
        <dt>Joined</dt>
        <dd>{formatDate(member.createdDate)}</dd>
        <dt>Last signed in</dt>
        <dd>{member.lastLoginDate ? formatDateTime(member.lastLoginDate) : 'Never'}</dd>
        <dt>Sign-in</dt>
        <dd>
          {secondFactors.length > 0
            ? `Password and ${secondFactors.map((f) => (f.type === 'TOTP' ? 'authenticator app' : 'emailed code')).join(', ')}`
            : 'Password'}
        </dd>
      </dl>
    </Card>
  );
}

/** The addresses the member keeps in their account. */
export function AddressesCard({ member }: { member: Identity }) {
  const addresses = ((member.identityProfile.addresses as Address[] | undefined) ?? []).filter((a) => a.address);
  return (
    <Card title="Addresses" id="addresses">
      {addresses.length === 0 ? (
        <p className="muted">No address saved in their account.</p>
      ) : (
        <ul className="addresses">
          {addresses.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: addresses have no id; their order is the member's
            <li key={i}>
              {a.tag && tags[a.tag] ? <Badge>{tags[a.tag] as string}</Badge> : null}
              <address>
                {linesOf(a.address ?? {}).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </address>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
