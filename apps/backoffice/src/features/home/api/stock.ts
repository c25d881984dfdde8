import type { Product } from '@merx/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** A tracked product with this many units or fewer left is low on stock. */
export const LOW_STOCK = 5;
/** How many products of each kind Home lists: the most urgent few. */
const FEW = 5;

export interface StockAlerts {
  out: { items: Product[]; total: number };
  low: { items: Product[]; total: number };
}

/**
 * Products out of stock (all or some of their options), and tracked products running low, fewest units first.
 * Hidden products count too: they come back.
 */
export const stockQuery = () =>
  queryOptions({
    queryKey: ['home', 'stock'],
    queryFn: async (): Promise<StockAlerts> => {
      const { products } = await admin();
      const all = () => products.queryProducts({ includeHiddenProducts: true });
      const [out, low] = await Promise.all([
        all()
          .in('stock.inventoryStatus', ['OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'])
          .descending('lastUpdated')
          .limit(FEW)
          .find(),
        all()
          .eq('stock.trackInventory', true)
          .gt('stock.quantity', 0)
          .le('stock.quantity', LOW_STOCK)
          .ascending('stock.quantity')
          .limit(FEW)
          .find(),
      ]);
      return {
        out: { items: out.items, total: out.totalCount ?? out.items.length },
        low: { items: low.items, total: low.totalCount ?? low.items.length },
      };
    },
  });

export const useStock = (enabled: boolean) => useQuery({ ...stockQuery(), enabled });
