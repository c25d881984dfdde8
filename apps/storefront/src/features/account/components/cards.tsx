import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../../components/page-title';
import { Empty, ErrorState, Loading } from '../../../components/states';
import { messageOf } from '../../../lib/errors';
import { savedCardsQuery, useForgetCard } from '../api/account';

/** Card brands as people write them (the provider names them `visa`, `amex`, … in any case). */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
};
const brandName = (brand: string) => {
  const key = brand.toLowerCase();
  return BRANDS[key] ?? (key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Card');
};

/** The member's saved cards: what each is, and forgetting one. */
export function CardsPage() {
  usePageTitle('Saved cards');
  const { data, error, isPending, refetch } = useQuery(savedCardsQuery());
  const forget = useForgetCard();
  return (
    <>
      <h1>Saved cards</h1>
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Empty title="No saved cards">
          <p>Tick “Save this card” when you pay to find it here, for faster checkouts and renewals.</p>
        </Empty>
      ) : (
        <ul className="address-list">
          {data.map((card) => {
            const name = `${brandName(card.brand)} ending in ${card.last4}`;
            return (
              <li key={card.id}>
                <span>
                  {name} <span className="muted">· expires {card.expiry}</span>
                </span>
                <button
                  type="button"
                  className="link-button"
                  disabled={forget.isPending}
                  onClick={() => forget.mutate(card.id)}
                >
                  Remove<span className="visually-hidden"> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {forget.error ? (
        <p className="notice notice--error" role="alert">
          {messageOf(forget.error)}
        </p>
      ) : null}
    </>
  );
}
