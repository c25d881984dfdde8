import { queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** Which first steps of a new store are done (undefined: this staff member may not read it). */
export interface SetupState {
  hasProducts?: boolean;
  hasShipping?: boolean;
  hasStaff?: boolean;
}

/** What the getting-started list checks, asking only what the staff member may read. */
export const setupQuery = (may: { catalog: boolean; shipping: boolean; staff: boolean }) =>
  queryOptions({
    queryKey: ['home', 'setup', may],
    queryFn: async (): Promise<SetupState> => {
      const a = await admin();
      const [products, shipping, staff] = await Promise.all([
        may.catalog
          ? a.products.queryProducts({ includeHiddenProducts: true }).limit(1).find()
          : Promise.resolve(undefined),
        may.shipping ? a.shippingOptions.queryShippingOptions().limit(1).find() : Promise.resolve(undefined),
        may.staff ? a.staff.listStaff() : Promise.resolve(undefined),
      ]);
      return {
        ...(products ? { hasProducts: products.items.length > 0 } : {}),
        ...(shipping ? { hasShipping: shipping.items.length > 0 } : {}),
        ...(staff ? { hasStaff: staff.staff.length > 1 } : {}),
      };
    },
  });

export const useSetup = (may: { catalog: boolean; shipping: boolean; staff: boolean }, enabled: boolean) =>
  useQuery({ ...setupQuery(may), enabled });
