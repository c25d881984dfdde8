/*
 * The command line's commands that open the database. Loaded only when one runs, so that the help and usage
 * errors need neither the database drivers nor the app.
 */
import { createDb, type MerxDb, migrateToLatest } from '@merx/db';
import { buildApp, type MerxApp } from './app.js';
import type { CliValues, CommandName } from './cli-usage.js';
import { UsageError } from './cli-usage.js';
import { loadConfig } from './config.js';
import { commandLine } from './modules/audit/audit.service.js';
import { machineOwner } from './modules/staff/staff.rules.js';
import { staffRoles } from './modules/staff/staff.service.js';
import { seedLargeCatalog } from './seed/large-catalog.js';
import { seedDemoStore } from './seed/seed-demo.js';

type Config = ReturnType<typeof loadConfig>;

interface Context {
  values: CliValues;
  arg: string | undefined;
  merx: MerxDb;
  services: MerxApp['services'];
  config: Config;
}

const out = (text: string) => process.stdout.write(text);

const handlers: Record<Exclude<CommandName, 'help' | 'migrate'>, (c: Context) => Promise<number>> = {
  'api-key create': async ({ values, services }) => {
    const key = await services.apiKeys.create({ name: values.name ?? 'CLI key', scopes: values.scope ?? ['*'] });
    out(
      `Created API key "${key.name}" (${key.id}) with scopes ${key.scopes.join(', ')}:\n\n  ${key.key}\n\nIt is shown only this once.\n${key.warnings.map((w) => `\nNote: ${w}\n`).join('')}`,
    );
    return 0;
  },
  'api-key list': async ({ services }) => {
    for (const k of await services.apiKeys.list()) {
      out(
        `${k.id}  ${k.prefix}…  ${k.name}  [${k.scopes.join(', ')}]  created ${k.createdDate}${k.revokedDate ? `  revoked ${k.revokedDate}` : ''}\n`,
      );
    }
    return 0;
  },
  'api-key revoke': async ({ arg, services }) => {
    if (!arg) throw new UsageError('api-key revoke needs the id of the key');
    await services.apiKeys.revoke(arg);
    out(`Revoked ${arg}.\n`);
    return 0;
  },
  'staff list': async ({ services }) => {
    for (const m of await services.staff.list()) {
      out(`${m.id}  ${m.email}  ${m.role}  ${m.status}  last sign-in ${m.lastLoginDate ?? 'never'}\n`);
    }
    return 0;
  },
  'staff set-password': async ({ values, services }) => {
    if (!values.email) throw new UsageError('staff set-password needs --email');
    const password = await services.staff.setPassword(values.email);
    out(`New password for ${values.email} (shown once; their other sign-ins ended):\n\n  ${password}\n`);
    return 0;
  },
  'staff invite': async ({ values, services }) => {
    if (!values.email || !values.role) throw new UsageError('staff invite needs --email and --role');
    // The store's own machine acts as an owner: the way to add an owner (or the first admin) without one.
    const role = staffRoles.find((r) => r === values.role);
    if (!role) throw new UsageError(`--role must be one of ${staffRoles.join(', ')}`);
    const { url } = await services.staff.invite(
      machineOwner,
      { email: values.email, role, permissions: values.permission ?? [] },
      commandLine,
    );
    out(`Invited ${values.email} as ${role}; the link (also mailed) works for 7 days:\n\n  ${url}\n`);
    return 0;
  },
  seed: async (c) => (c.values.demo ? seedDemo(c) : seedGenerated(c)),
};

async function seedDemo({ merx, services, config }: Context): Promise<number> {
  // The demo's slugs and settings would clash with a catalog already there, so it goes only into an empty one.
  const existing = await services.products.repo.count(merx.db);
  if (existing > 0) {
    process.stderr.write(
      `merx: the store already has ${existing} product${existing === 1 ? '' : 's'}; the demo is loaded only into an empty store. Nothing was changed.\n`,
    );
    return 1;
  }
  const counts = await seedDemoStore(services, config.mediaDir, { showcase: true });
  out(`Loaded the demo store: ${counts.products} products in ${counts.collections} collections.\n`);
  return 0;
}

async function seedGenerated({ values, merx }: Context): Promise<number> {
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 1) throw new UsageError('--products must be a positive whole number');
  const collections = values.collections ? Number(values.collections) : undefined;
  const started = Date.now();
  const counts = await seedLargeCatalog(merx, {
    products,
    ...(collections ? { collections } : {}),
    onProgress: (done) => out(`\r  ${done} / ${products}`),
  });
  out(
    `\nAdded ${counts.products} products in ${counts.collections} collections in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
  return 0;
}

/** Runs one command against the configured database (brought up to date first); returns the exit code. */
export async function runCommand(
  command: Exclude<CommandName, 'help'>,
  values: CliValues,
  arg: string | undefined,
): Promise<number> {
  const config = { ...loadConfig(), seedDemo: false };
  const merx = createDb({ url: config.databaseUrl, namedStatements: config.pgNamedStatements !== false });
  try {
    await migrateToLatest(merx.db, merx.dialect);
    if (command === 'migrate') {
      out('Database is up to date.\n');
      return 0;
    }
    const { services, app } = await buildApp({ config, merx, logger: false });
    try {
      return await handlers[command]({ values, arg, merx, services, config });
    } finally {
      await app.close();
    }
  } finally {
    await merx.destroy();
  }
}
