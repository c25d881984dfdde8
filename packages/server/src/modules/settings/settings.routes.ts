import { catalogVersion } from '@merx/contract';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { StoreSettings } from './settings.service.js';

const addressShape = z.object({
  addressLine: z.string().trim().min(1).max(200),
  addressLine2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  subdivision: z
    .string()
    .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'must be an ISO 3166-2 code such as US-NY')
    .optional(),
  postalCode: z.string().trim().max(20).optional(),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as US'),
});

const storeShape = z.object({
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  logoUrl: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  address: addressShape.optional(),
  catalogVersion: catalogVersion.optional(),
});

/** The settings a `null` removes. */
const REMOVABLE = ['logoUrl', 'email', 'phone', 'address'] as const;

/**
 * The store's name, locale, logo, contact and address. The currency is fixed once the store exists (prices are kept
 * in its minor units); the logo must be on the store's own origin (e.g. an uploaded `/media/…` file); `null` removes
 * the logo, the email, the phone or the address.
 */
export function settingsRoutes(s: {
  settings: { store(): Promise<StoreSettings>; replaceStore(next: StoreSettings): Promise<StoreSettings> };
}): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/store-settings',
      summary: "The store's name, currency, locale, logo, contact and address",
      tag: 'Settings',
      access: elevated('settings:read'),
      response: z.object({ store: storeShape }),
      handler: async () => ({ store: await s.settings.store() }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/store-settings',
      summary: "Change the store's name, locale, logo, contact or address",
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
            email: z.string().trim().toLowerCase().email('must be an email address').max(254).nullable(),
            phone: z
              .string()
              .trim()
              .max(30)
              .regex(/^\+?[0-9 ().-]{3,}$/, 'must be a phone number such as +1 212 555 0100')
              .nullable(),
            address: addressShape.strict().nullable(),
            catalogVersion,
          })
          .partial()
          .strict(),
      }),
      response: z.object({ store: storeShape }),
      handler: async ({ input }) => {
        const current = await s.settings.store();
        const next: StoreSettings = { ...current };
        for (const [key, value] of Object.entries(input.store)) {
          if (value === undefined) continue;
          if (value === null && (REMOVABLE as readonly string[]).includes(key)) delete next[key as keyof StoreSettings];
          else Object.assign(next, { [key]: value });
        }
        return { store: await s.settings.replaceStore(next) };
      },
    }),
  ];
}
