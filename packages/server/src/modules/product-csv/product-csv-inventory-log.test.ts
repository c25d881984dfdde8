import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff, startTestServer, type TestServer } from '../../testing.js';
import { HEADER, importCsv, productBySlug, row } from './product-csv-test-kit.js';

/*
 * The stock a product CSV import sets is logged as CSV_IMPORT, with the import's id and the staff member or API key
 * that started it, although the job runs in the background (in any process sharing the database).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const stocked = (handle: string, qty: string, fields: Record<string, string> = {}) =>
  row({
    Handle: handle,
    Title: handle,
    'Variant Price': '10',
    'Variant Inventory Tracker': 'shopify',
    'Variant Inventory Qty': qty,
    ...fields,
  });

/** The log of the product with `slug`, oldest first, as reason, actor, reference and delta. */
async function logOf(slug: string, auth: string) {
  const product = await productBySlug(server, auth, slug);
  const res = await server.app.inject({
    method: 'POST',
    url: '/_api/merx/v1/inventory-changes/query',
    headers: { authorization: auth, 'content-type': 'application/json' },
    payload: JSON.stringify({
      query: { filter: { productId: product.id }, sort: [{ fieldName: 'createdDate', order: 'ASC' }] },
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().inventoryChanges as Array<{
      delta: number;
      cause: string;
      reason: string;
      actor: object;
      reference: string;
    }>
  ).map((c) => [c.delta, c.cause, c.reason, c.actor, c.reference]);
}

describe('the inventory log of a product import', () => {
  it('names the import and the staff member who started it, on creates and updates', async () => {
    const staff = await signInStaff(server, { role: 'admin' });
    await server.merx.db
      .updateTable('identities')
      .set({ profile: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper' }) })
      .where('id', '=', staff.id)
      .execute();
    const first = await importCsv(server, [HEADER, stocked('csv-log-lamp', '5')].join('\n'), staff.token);
    expect(first.status).toBe('DONE');
    const grace = { kind: 'STAFF', id: staff.id, name: 'Grace Hopper' };
    expect(await logOf('csv-log-lamp', staff.token)).toEqual([[5, 'MANUAL', 'CSV_IMPORT', grace, first.id]]);

    const key = await server.services.apiKeys.create({ name: 'Warehouse' });
    const keyId = (
      await server.merx.db.selectFrom('api_keys').select('id').where('name', '=', 'Warehouse').executeTakeFirstOrThrow()
    ).id;
    const second = await importCsv(
      server,
      [HEADER, stocked('csv-log-lamp', '8', { 'Variant Price': '12' })].join('\n'),
      key.key,
    );
    expect(await logOf('csv-log-lamp', staff.token)).toEqual([
      [5, 'MANUAL', 'CSV_IMPORT', grace, first.id],
      [3, 'MANUAL', 'CSV_IMPORT', { kind: 'API_KEY', id: keyId, name: 'Warehouse' }, second.id],
    ]);

    // The catalog v3 events name them too: the create by the staff member, the update by the key.
    const product = await productBySlug(server, staff.token, 'csv-log-lamp');
    const v3 = await server.merx.db
      .selectFrom('outbox')
      .select(['type', 'payload'])
      .where('entity_id', '=', product.id)
      .where('type', 'like', '%catalog.v3.product%')
      .orderBy('seq')
      .execute();
    expect(
      v3.map((e) => {
        const payload = (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as {
          identity: object;
          entity: { name: string };
        };
        return [e.type.split('.').at(-1), payload.identity, payload.entity.name];
      }),
    ).toEqual([
      ['product_created', { identityType: 'WIX_USER', wixUserId: staff.id }, 'csv-log-lamp'],
      ['product_updated', { identityType: 'APP', appId: keyId }, 'csv-log-lamp'],
    ]);
  });
});
