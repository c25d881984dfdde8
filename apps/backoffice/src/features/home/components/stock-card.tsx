import type { Product } from '@merx/contract';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/page';
import { ErrorState, Loading } from '../../../components/states';
import { formatNumber } from '../../../lib/format';
import { LOW_STOCK, useStock } from '../api/stock';

function stateOf(p: Product) {
  if (p.stock.inventoryStatus === 'OUT_OF_STOCK') return <Badge tone="critical">Out of stock</Badge>;
  if (p.stock.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK') return <Badge tone="warning">Some options out</Badge>;
  return <Badge tone="warning">{`${formatNumber(p.stock.quantity ?? 0)} left`}</Badge>;
}

function Products({ title, items, total }: { title: string; items: readonly Product[]; total: number }) {
  if (total === 0) return null;
  return (
    <section className="stock__group" aria-label={title}>
      <h3>
        {title} <span className="muted">({formatNumber(total)})</span>
      </h3>
      <ul className="stock__list">
        {items.map((p) => (
          <li key={p.id}>
            <Link to={`/products/${p.id}`}>{p.name}</Link>
            {stateOf(p)}
          </li>
        ))}
      </ul>
      {total > items.length ? <p className="muted">and {formatNumber(total - items.length)} more</p> : null}
    </section>
  );
}

/** Products to restock: those out of stock, then tracked ones with few units left (the most urgent few). */
export function StockCard() {
  const stock = useStock(true);
  return (
    <Card title="Stock" id="stock">
      {stock.data ? (
        stock.data.out.total + stock.data.low.total === 0 ? (
          <p className="muted">Every product is in stock, none with {LOW_STOCK} or fewer units left.</p>
        ) : (
          <>
            <Products title="Out of stock" items={stock.data.out.items} total={stock.data.out.total} />
            <Products
              title={`Low on stock (${LOW_STOCK} or fewer left)`}
              items={stock.data.low.items}
              total={stock.data.low.total}
            />
          </>
        )
      ) : stock.error ? (
        <ErrorState error={stock.error} retry={() => void stock.refetch()} />
      ) : (
        <Loading label="Loading stock…" />
      )}
    </Card>
  );
}
