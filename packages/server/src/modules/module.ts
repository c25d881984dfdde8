import type { Database, DialectName } from '@merx/db';
import type { Kysely } from 'kysely';
import type { EventOutbox } from '../events/outbox.js';
import type { AnyRoute } from '../http/route.js';
import type { Clock } from '../lib/clock.js';
import type { StoreSettings } from './settings/settings.service.js';

/** What a module gets from the app. */
export interface ModuleDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  outbox: EventOutbox;
  /** Signs cursors of cursor-paged queries. */
  cursorSecret: string;
  /** The store's settings (currency, locale, name) as they are now. */
  store: () => StoreSettings;
  publicUrl: string;
}

/** A module: its services (for other modules, the CLI and tests) and its routes. */
export interface Module<S> {
  services: S;
  routes: AnyRoute[];
}
