import { createDb, migrateToLatest } from '@merx/db';
import { seedLargeCatalog } from '../packages/server/src/seed/large-catalog.ts';
const n = Number(process.argv[2] ?? 20000);
const merx = createDb({ url: `/tmp/lc/t-${Date.now()}.db` });
await migrateToLatest(merx.db, merx.dialect);
const t = performance.now();
const r = await seedLargeCatalog(merx, { products: n });
console.log(r, ((performance.now() - t) / 1000).toFixed(2), 's', (n / ((performance.now() - t) / 1000)).toFixed(0), '/s');
await merx.destroy();
