import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStrategy } from '../auth/types.js';
import { createClient } from '../client.js';
import { MerxValidationError } from '../errors.js';
import { shipTo } from '../modules/ship-to.js';
import { type SdkKit, startSdkKit, usShipping } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
  await usShipping(kit);
});
afterAll(() => kit?.close());

/** A shop's public client: no token at all. */
const noToken: AuthStrategy = { getAuthHeaders: async () => ({ headers: {} }) };

describe('where the store ships, through the SDK', () => {
  it('lists the countries shipped to without a token, or one country on request', async () => {
    const client = createClient({ baseUrl: kit.baseUrl, auth: noToken, modules: { shipTo } });
    expect(await client.shipTo.listShipToCountries()).toEqual({
      countries: [{ countryCode: 'US', subdivisions: [], delivery: true, pickup: false }],
    });
    expect(await client.shipTo.listShipToCountries({ countryCode: 'CA' })).toEqual({ countries: [] });
    // A visitor's client asks the same way.
    expect((await kit.shop({ shipTo }).shipTo.listShipToCountries()).countries).toHaveLength(1);
  });

  it('reports a country code that is not ISO as a validation error naming the field', async () => {
    const client = createClient({ baseUrl: kit.baseUrl, auth: noToken, modules: { shipTo } });
    const error = await client.shipTo.listShipToCountries({ countryCode: 'XX' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxValidationError);
    expect(JSON.stringify((error as MerxValidationError).violations)).toContain('countryCode');
  });
});
