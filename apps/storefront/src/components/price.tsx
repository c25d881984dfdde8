/** A price, struck through with the discounted one beside it when there is a discount. */
export function Price({
  price,
  discounted,
  className = '',
}: {
  price: string;
  discounted?: string | undefined;
  className?: string;
}) {
  if (!discounted || discounted === price) return <span className={`price ${className}`}>{price}</span>;
  return (
    <span className={`price ${className}`}>
      <span className="price__now">
        <span className="visually-hidden">Sale price </span>
        {discounted}
      </span>{' '}
      <s className="price__was">
        <span className="visually-hidden">Regular price </span>
        {price}
      </s>
    </span>
  );
}
