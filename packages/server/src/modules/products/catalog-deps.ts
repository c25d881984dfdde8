import type { Database, DialectName, Executor } from '@merx/db';
import type { Kysely } from 'kysely';
import type { EventOutbox, NewEvent } from '../../events/outbox.js';
import type { Clock } from '../../lib/clock.js';
import type { StoreSettings } from '../settings/settings.service.js';
import type { ProductRecord, VariantRecord } from './products.types.js';

/** What the catalog services share: storage, time, events and the store's settings. */
export interface CatalogDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  outbox: EventOutbox;
  store(): StoreSettings;
  publicUrl: string;
  cursorSecret: string;
  mediaDir: string;
  collections: {
    addToAllProducts(ex: Executor, productId: string): Promise<void>;
    touch(ex: Executor, collectionIds: readonly string[]): Promise<void>;
  };
  /** The catalog v3 entity of a product, for its v3 events (products-v3.events.ts). */
  productV3Entity(p: ProductRecord, variants: readonly VariantRecord[]): Record<string, unknown>;
  inventoryEvents(
    productId: string,
    before: readonly VariantRecord[],
    after: readonly VariantRecord[],
    now: string,
  ): NewEvent[];
}
