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
