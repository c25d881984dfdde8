import type { StockLevel } from '@merx/contract';
import { Badge } from '../../../components/badge';
import { stateOf } from '../api/stock-levels';

/** In stock, low or out of stock: what a shopper meets, in words. */
export function StateBadge({ level }: { level: StockLevel }) {
  switch (stateOf(level)) {
    case 'out':
      return <Badge tone="critical">Out of stock</Badge>;
    case 'low':
      return <Badge tone="warning">Low</Badge>;
    default:
      return <Badge tone="success">In stock</Badge>;
  }
}
