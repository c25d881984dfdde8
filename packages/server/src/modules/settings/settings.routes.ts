import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { StoreSettings } from './settings.service.js';

const storeShape = z.object({
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  logoUrl: z.string().optional(),
});

/**
 * The store's name, locale and logo. The currency is fixed once the store exists (prices are kept in its minor
 * units); the logo must be on the store's own origin (e.g. an uploaded `/media/…` file).
 */
export function settingsRoutes(s: {
  settings: { store(): Promise<StoreSettings>; updateStore(patch: Partial<StoreSettings>): Promise<StoreSettings> };
}): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/store-settings',
      summary: "The store's name, currency, locale and logo",
      tag: 'Settings',
      access: elevated('settings:read'),
      response: z.object({ store: storeShape }),
      handler: async () => ({ store: await s.settings.store() }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/store-settings',
      summary: "Change the store's name, locale or logo",
      tag: 'Settings',
      access: elevated('settings:write'),
      input: z.object({
        store: z
          .object({
            name: z.string().trim().min(1).max(100),
            locale: z
              .string()
              .regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2}|-\d{3})?$/, 'must be a locale such as en-US'),
            logoUrl: z
              .string()
              .max(500)
              .regex(/^\/(?!\/)[^\s"'<>]*$/, 'must be a path on the store, such as /media/logo.svg')
              .nullable(),
          })
          .partial()
          .strict(),
      }),
      response: z.object({ store: storeShape }),
      handler: async ({ input }) => {
        const { logoUrl, ...rest } = input.store;
        const current = await s.settings.store();
        const next: Partial<StoreSettings> = { ...rest };
        if (logoUrl === null) {
          const { logoUrl: _dropped, ...withoutLogo } = current;
          return { store: await s.settings.updateStore({ ...withoutLogo, ...rest, logoUrl: undefined }) };
        }
        if (logoUrl !== undefined) next.logoUrl = logoUrl;
        return { store: await s.settings.updateStore(next) };
      },
    }),
  ];
}
