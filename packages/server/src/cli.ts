import { parseArgs } from 'node:util';
import { createDb, migrateToLatest } from '@merx/db';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { commandLine } from './modules/audit/audit.service.js';
import { machineOwner } from './modules/staff/staff.rules.js';
import { staffRoles } from './modules/staff/staff.service.js';
import { seedLargeCatalog } from './seed/large-catalog.js';
import { seedDemoStore } from './seed/seed-demo.js';

const usage = `Usage: npm run merx -- <command>

Commands:
  api-key create [--name NAME] [--scope SCOPE ...]   create an API key (printed once); default scope "*"
                                                      (every permission but audit:read and members:sign-on,
                                                      which a key has only when named)
  api-key list                                        list API keys (never their secrets)
  api-key revoke <id>                                 revoke an API key
  staff list                                          list back-office accounts
  staff set-password --email EMAIL                    give a staff account a new random password (printed once)
  staff invite --email EMAIL --role ROLE [--permission P ...]
                                                      invite a person (owner, admin, or staff with permissions)
  seed --products N [--collections N]                 add N generated products (for benchmarks)
  seed --demo                                         load the demo store into an empty catalog
  migrate                                             bring the database schema up to date

The database is DATABASE_URL (postgres://…) or MERX_DATA_DIR/merx.db (default ./data/merx.db).`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      scope: { type: 'string', multiple: true },
      products: { type: 'string' },
      collections: { type: 'string' },
      demo: { type: 'boolean' },
      email: { type: 'string' },
      role: { type: 'string' },
      permission: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, sub, arg] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`);
    return command ? 0 : 1;
  }
  const config = { ...loadConfig(), seedDemo: false };
  const merx = createDb({ url: config.databaseUrl });
  try {
    await migrateToLatest(merx.db, merx.dialect);
    if (command === 'migrate') {
      process.stdout.write('Database is up to date.\n');
      return 0;
    }
    const { services, app } = await buildApp({ config, merx, logger: false });
    try {
      if (command === 'api-key' && sub === 'create') {
        const key = await services.apiKeys.create({ name: values.name ?? 'CLI key', scopes: values.scope ?? ['*'] });
        process.stdout.write(
          `Created API key "${key.name}" (${key.id}) with scopes ${key.scopes.join(', ')}:\n\n  ${key.key}\n\nIt is shown only this once.\n${key.warnings.map((w) => `\nNote: ${w}\n`).join('')}`,
        );
        return 0;
      }
      if (command === 'api-key' && sub === 'list') {
        for (const k of await services.apiKeys.list()) {
          process.stdout.write(
            `${k.id}  ${k.prefix}…  ${k.name}  [${k.scopes.join(', ')}]  created ${k.createdDate}${k.revokedDate ? `  revoked ${k.revokedDate}` : ''}\n`,
          );
        }
        return 0;
      }
      if (command === 'api-key' && sub === 'revoke' && arg) {
        await services.apiKeys.revoke(arg);
        process.stdout.write(`Revoked ${arg}.\n`);
        return 0;
      }
      if (command === 'staff' && sub === 'list') {
        for (const m of await services.staff.list()) {
          process.stdout.write(
            `${m.id}  ${m.email}  ${m.role}  ${m.status}  last sign-in ${m.lastLoginDate ?? 'never'}\n`,
          );
        }
        return 0;
      }
      if (command === 'staff' && sub === 'set-password' && values.email) {
        const password = await services.staff.setPassword(values.email);
        process.stdout.write(
          `New password for ${values.email} (shown once; their other sign-ins ended):\n\n  ${password}\n`,
        );
        return 0;
      }
      if (command === 'staff' && sub === 'invite' && values.email && values.role) {
        // The store's own machine acts as an owner: the way to add an owner (or the first admin) without one.
        const role = staffRoles.find((r) => r === values.role);
        if (!role) throw new Error(`--role must be one of ${staffRoles.join(', ')}`);
        const { url } = await services.staff.invite(
          machineOwner,
          { email: values.email, role, permissions: values.permission ?? [] },
          commandLine,
        );
        process.stdout.write(
          `Invited ${values.email} as ${role}; the link (also mailed) works for 7 days:\n\n  ${url}\n`,
        );
        return 0;
      }
      if (command === 'seed' && values.demo) {
        const counts = await seedDemoStore(services, config.mediaDir);
        process.stdout.write(
          `Loaded the demo store: ${counts.products} products in ${counts.collections} collections.\n`,
        );
        return 0;
      }
      if (command === 'seed' && values.products) {
        const products = Number(values.products);
        if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a positive whole number');
        const collections = values.collections ? Number(values.collections) : undefined;
        const started = Date.now();
        const counts = await seedLargeCatalog(merx, {
          products,
          ...(collections ? { collections } : {}),
          onProgress: (done) => process.stdout.write(`\r  ${done} / ${products}`),
        });
        process.stdout.write(
          `\nAdded ${counts.products} products in ${counts.collections} collections in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
        );
        return 0;
      }
    } finally {
      await app.close();
    }
    process.stderr.write(`Unknown command.\n\n${usage}\n`);
    return 1;
  } finally {
    await merx.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`merx: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
