import { it } from 'vitest';
import { startCompat } from './wix-client.js';

it('explore', async () => {
  const t0 = Date.now();
  const h = await startCompat();
  console.log('startup ms', Date.now() - t0);
  const res = await h.anon.products.queryProducts().limit(3).find();
  console.log(JSON.stringify(res.items[0], null, 1).slice(0, 4000));
  console.log(res.totalCount, res.hasNext(), res.items.length, res.items[0]?.lastUpdated instanceof Date);
  console.log(h.requests.map((r) => `${r.method} ${r.sdkUrl} ${JSON.stringify(r.headers)}`).join('\n'));
  const cols = await h.anon.collections.queryCollections().find();
  console.log(JSON.stringify(cols.items.map((c) => [c._id, c.name, c.slug, c.numberOfProducts])), cols.totalCount);
  const all = await h.anon.products.queryProducts().limit(100).find();
  console.log(JSON.stringify(all.items.map((p) => [p.name, p.productOptions?.map((o) => o.name + ':' + o.choices?.map((c) => c.description).join('/')).join(' ; '), p.variants?.length, p.priceData?.price, p.visible])));
  await h.close();
});
