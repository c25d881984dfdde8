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
