import { describe, expect, it } from 'vitest';
import { addressLines, lineAmount, lineOptions, minorOf, rowsAddUp, totalsRows } from './words.js';

describe('lineOptions', () => {
  it('names each chosen option with its value, a colour by its name', () => {
    expect(
      lineOptions([
        { name: { original: 'Size' }, plainText: { original: '9' }, lineType: 'PLAIN_TEXT' },
        { name: { original: 'Color' }, colorInfo: { original: 'Tan', code: '#d2b48c' }, lineType: 'COLOR' },
      ]),
    ).toBe('Size: 9 · Color: Tan');
  });

  it('skips lines without a name or a value, and answers empty for none', () => {
    expect(lineOptions([{ name: { original: 'Size' } }, { plainText: { original: 'x' } }])).toBe('');
    expect(lineOptions(undefined)).toBe('');
  });
});

describe('addressLines', () => {
  it('writes street, second line, "City, NY 10001" and the country, without the subdivision\'s country prefix', () => {
    expect(
      addressLines({
        country: 'US',
        subdivision: 'US-NY',
        city: 'New York',
        postalCode: '10001',
        addressLine: '1 Main St',
        addressLine2: 'Apt 4',
      }),
    ).toEqual(['1 Main St', 'Apt 4', 'New York, NY 10001', 'US']);
  });

  it('builds the street from its number and name, and leaves out what is missing', () => {
    expect(addressLines({ streetAddress: { number: '12', name: 'Rue Haute' }, city: 'Lyon', country: 'FR' })).toEqual([
      '12 Rue Haute',
      'Lyon',
      'FR',
    ]);
    expect(addressLines({ postalCode: 'SW1A 1AA' })).toEqual(['SW1A 1AA']);
  });

  it('falls back to the formatted address alone, and is empty for no address', () => {
    expect(addressLines({ formattedAddress: '1 Main St, Springfield', country: 'US' })).toEqual([
      '1 Main St, Springfield',
    ]);
    expect(addressLines({ country: 'US' })).toEqual([]);
    expect(addressLines(undefined)).toEqual([]);
    expect(addressLines({ city: '  ', addressLine: 42 })).toEqual([]);
  });
});

const usd = (amount: string) => ({ amount, formattedAmount: `$${Number(amount).toFixed(2)}` });

describe('totalsRows', () => {
  it('orders the rows subtotal, discount, shipping, fees, tax, tip, total with the discount negative', () => {
    const rows = totalsRows(
      {
        subtotal: usd('75.80'),
        shipping: usd('5'),
        tax: usd('6.14'),
        discount: usd('7.58'),
        additionalFees: usd('1'),
        tip: usd('2'),
        total: usd('82.36'),
      },
      { currency: 'USD' },
    );
    expect(rows.map((r) => [r.label, r.amount])).toEqual([
      ['Subtotal', '$75.80'],
      ['Discount', '−$7.58'],
      ['Shipping', '$5.00'],
      ['Fees', '$1.00'],
      ['Tax', '$6.14'],
      ['Tip', '$2.00'],
      ['Total', '$82.36'],
    ]);
    expect(rows[1]?.minor).toBe(-758);
    expect(rowsAddUp(rows)).toBe(true);
  });

  it('hides zero rows but subtotal and total, and names the order fees and a chosen free delivery', () => {
    const order = { subtotal: usd('10'), totalAdditionalFees: usd('0.5'), tax: usd('0'), total: usd('10.50') };
    expect(totalsRows(order, { currency: 'USD', shippingChosen: true }).map((r) => [r.kind, r.amount])).toEqual([
      ['subtotal', '$10.00'],
      ['shipping', 'Free'],
      ['fees', '$0.50'],
      ['total', '$10.50'],
    ]);
    const pending = totalsRows({ subtotal: usd('10'), total: usd('10') }, { currency: 'USD', shippingPending: '—' });
    expect(pending.map((r) => r.amount)).toEqual(['$10.00', '—', '$10.00']);
  });

  it('shows tax inside the prices without adding it again, told or worked out from the amounts', () => {
    const summary = { subtotal: usd('20'), discount: usd('2'), tax: usd('3'), total: usd('18') };
    for (const rows of [
      totalsRows(summary, { currency: 'USD', taxIncluded: true }),
      totalsRows(summary, { currency: 'USD' }),
    ]) {
      expect(rows.find((r) => r.kind === 'tax')).toMatchObject({ label: 'Tax included', counted: false });
      expect(rowsAddUp(rows)).toBe(true);
    }
  });

  it('tells when the rows do not add up to the total', () => {
    expect(rowsAddUp(totalsRows({ subtotal: usd('10'), tax: usd('1'), total: usd('12') }, { currency: 'USD' }))).toBe(
      false,
    );
  });
});

describe('minorOf and lineAmount', () => {
  it('reads decimal strings exactly in the currency minor units', () => {
    expect(minorOf({ amount: '19.99' }, 'USD')).toBe(1999);
    expect(minorOf({ amount: '75.8' }, 'USD')).toBe(7580);
    expect(minorOf({ amount: '-1.5' }, 'USD')).toBe(-150);
    expect(minorOf({ amount: '1200' }, 'JPY')).toBe(1200);
    expect(minorOf(undefined, 'USD')).toBe(0);
  });

  it('shows a line at what it adds to the subtotal, before discounts', () => {
    const format = (m: number) => `$${(m / 100).toFixed(2)}`;
    expect(lineAmount({ quantity: 2, lineItemPrice: usd('36'), price: usd('18') }, 'USD', format)).toEqual({
      minor: 3600,
      amount: '$36.00',
    });
    expect(lineAmount({ quantity: 3, priceBeforeDiscounts: usd('5.4') }, 'USD', format)).toEqual({
      minor: 1620,
      amount: '$16.20',
    });
  });
});
