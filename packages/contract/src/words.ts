/*
 * Words for people from the contract's data, shared by the storefront (in the browser) and the server's mail. This
 * module imports nothing, so a browser bundle that uses it takes none of the contract's schemas along.
 */

/** A line's description line as carts, checkouts and orders carry it (the contract's loose record). */
type DescriptionLine = Record<string, unknown>;

/**
 * The options a shopper chose for a line, in words ("Size: 9 · Color: Tan"), from its description lines: a plain
 * text value or a colour's name. Empty when the line has none.
 */
export function lineOptions(descriptionLines: readonly DescriptionLine[] | undefined): string {
  return (descriptionLines ?? [])
    .map((d) => {
      const name = (d.name as { original?: string } | undefined)?.original;
      const value =
        (d.plainText as { original?: string } | undefined)?.original ??
        (d.colorInfo as { original?: string } | undefined)?.original;
      return name && value ? `${name}: ${value}` : undefined;
    })
    .filter(Boolean)
    .join(' · ');
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * An address (wire names) as the lines of an envelope: street, second line, "City, NY 10001", country. The
 * subdivision loses its country prefix ("US-NY" → "NY"). A bare `formattedAddress` stands alone. Empty when the
 * address says nothing.
 */
export function addressLines(address: Record<string, unknown> | null | undefined): string[] {
  if (!address) return [];
  const street = address.streetAddress as { number?: unknown; name?: unknown } | null | undefined;
  const first = text(address.addressLine) || [text(street?.number), text(street?.name)].filter(Boolean).join(' ');
  const region = [text(address.subdivision).replace(/^[A-Z]{2}-/, ''), text(address.postalCode)]
    .filter(Boolean)
    .join(' ');
  const lines = [first, text(address.addressLine2), [text(address.city), region].filter(Boolean).join(', ')];
  const known = lines.filter(Boolean);
  if (known.length === 0) return text(address.formattedAddress) ? [text(address.formattedAddress)] : [];
  return text(address.country) ? [...known, text(address.country)] : known;
}

/** A price as carts, checkouts and orders carry it: a decimal string and the store's words for it. */
interface WirePrice {
  amount?: string;
  formattedAmount?: string;
}

/** One row under the lines of a cart, checkout or order. */
export interface TotalsRow {
  kind: 'subtotal' | 'discount' | 'shipping' | 'fees' | 'tax' | 'tip' | 'total';
  label: string;
  /** Signed minor units (the discount is negative); 0 for a row that only says something ("Free"). */
  minor: number;
  /** What the row shows: "$75.80", "−$7.58", "Free", or the caller's note while shipping is not known yet. */
  amount: string;
  /** False for tax already inside the prices: it is shown but not added again. */
  counted: boolean;
}

/** What a surface knows besides the price summary. */
export interface TotalsOptions {
  /** ISO 4217 code: how many minor units a unit has. */
  currency: string;
  /** Tax is inside the prices (shown as "Tax included", not added); worked out from the amounts when not given. */
  taxIncluded?: boolean;
  /** A delivery was chosen: its shipping row shows even when it costs nothing ("Free"). */
  shippingChosen?: boolean;
  /** Shown in the shipping row while no delivery is chosen ("Enter a destination"); no row when not given. */
  shippingPending?: string;
  /** The total's label; "Total" when not given (a cart says "Estimated total"). */
  totalLabel?: string;
}

const MINUS = '\u2212';
const digitsOf = new Map<string, number>();

/** How many minor-unit digits `currency` has (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    } catch {
      digits = 2;
    }
    digitsOf.set(currency, digits ?? 2);
  }
  return digits ?? 2;
}

/** A wire price's decimal string ("75.8", "-1.5") as exact minor units of `currency`; 0 when absent. */
export function minorOf(price: WirePrice | undefined, currency: string): number {
  const amount = price?.amount?.trim();
  const match = amount ? /^(-?)(\d*)(?:\.(\d*))?$/.exec(amount) : null;
  if (!match) return 0;
  const digits = currencyDigits(currency);
  const fraction = (match[3] ?? '').padEnd(digits, '0');
  const whole = Number(`${match[2] || '0'}${fraction.slice(0, digits)}`);
  // Finer than the currency (never on Merx's wire): rounded half up, so the row still has a whole minor unit.
  const rounded = whole + (Number(fraction[digits] ?? '0') >= 5 ? 1 : 0);
  return match[1] ? -rounded : rounded;
}

/**
 * The rows under the lines, in the one order every page and mail shows: subtotal, discount (negative), shipping,
 * fees, tax, tip, total. Subtotal and total always show; the others only when they are not zero (shipping also
 * when a delivery was chosen, or with the caller's note while none is). The counted rows add up to the total in
 * minor units. `summary` is a cart estimate's, a checkout's or an order's `priceSummary` (orders name the fees
 * `totalAdditionalFees`).
 */
export function totalsRows(summary: Record<string, WirePrice | undefined>, options: TotalsOptions): TotalsRow[] {
  const minor = (p: WirePrice | undefined) => minorOf(p, options.currency);
  const text = (p: WirePrice | undefined) => p?.formattedAmount ?? '';
  const fees = summary.additionalFees ?? summary.totalAdditionalFees;
  const discount = Math.abs(minor(summary.discount));
  const withoutTax = minor(summary.subtotal) - discount + minor(summary.shipping) + minor(fees) + minor(summary.tip);
  const taxIncluded = options.taxIncluded ?? (withoutTax === minor(summary.total) && minor(summary.tax) !== 0);
  const rows: TotalsRow[] = [
    {
      kind: 'subtotal',
      label: 'Subtotal',
      minor: minor(summary.subtotal),
      amount: text(summary.subtotal),
      counted: true,
    },
  ];
  if (discount !== 0) {
    const shown = text(summary.discount).replace(/^[-\u2212]/, '');
    rows.push({ kind: 'discount', label: 'Discount', minor: -discount, amount: `${MINUS}${shown}`, counted: true });
  }
  const shipping = minor(summary.shipping);
  if (shipping !== 0) {
    rows.push({ kind: 'shipping', label: 'Shipping', minor: shipping, amount: text(summary.shipping), counted: true });
  } else if (options.shippingChosen || options.shippingPending) {
    const amount = options.shippingChosen ? 'Free' : (options.shippingPending ?? '');
    rows.push({ kind: 'shipping', label: 'Shipping', minor: 0, amount, counted: true });
  }
  if (minor(fees) !== 0)
    rows.push({ kind: 'fees', label: 'Fees', minor: minor(fees), amount: text(fees), counted: true });
  if (minor(summary.tax) !== 0) {
    rows.push(
      taxIncluded
        ? { kind: 'tax', label: 'Tax included', minor: minor(summary.tax), amount: text(summary.tax), counted: false }
        : { kind: 'tax', label: 'Tax', minor: minor(summary.tax), amount: text(summary.tax), counted: true },
    );
  }
  if (minor(summary.tip) !== 0) {
    rows.push({ kind: 'tip', label: 'Tip', minor: minor(summary.tip), amount: text(summary.tip), counted: true });
  }
  const total = summary.total ?? summary.totalPrice;
  rows.push({
    kind: 'total',
    label: options.totalLabel ?? 'Total',
    minor: minor(total),
    amount: text(total),
    counted: true,
  });
  return rows;
}

/** Whether the counted rows above the total add up to it, to the minor unit. */
export function rowsAddUp(rows: readonly TotalsRow[]): boolean {
  const total = rows.find((r) => r.kind === 'total');
  const parts = rows.filter((r) => r.kind !== 'total' && r.counted).reduce((n, r) => n + r.minor, 0);
  return total !== undefined && parts === total.minor;
}

/** A line of a cart, checkout or order as its price rows see it. */
interface PricedLine {
  quantity?: number;
  price?: WirePrice;
  priceBeforeDiscounts?: WirePrice;
  lineItemPrice?: WirePrice;
}

/**
 * The price a line shows: what it adds to the subtotal (price × quantity, before discounts and tax), so the lines
 * add up to the subtotal row. `format` words minor units for the rare line that does not carry that price.
 */
export function lineAmount(
  line: PricedLine,
  currency: string,
  format: (minor: number) => string,
): { minor: number; amount: string } {
  if (line.lineItemPrice?.amount !== undefined) {
    return { minor: minorOf(line.lineItemPrice, currency), amount: line.lineItemPrice.formattedAmount ?? '' };
  }
  const minor = minorOf(line.priceBeforeDiscounts ?? line.price, currency) * (line.quantity ?? 0);
  return { minor, amount: format(minor) };
}
