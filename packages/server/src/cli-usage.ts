/*
 * What the command line accepts: its commands, their options, the API-key scopes, and the help built from them.
 * Imports nothing heavier than the permission catalogue, so `--help` and usage errors answer at once.
 */
import {
  namedOnlyPermissions,
  permissionAreas,
  permissionCatalogue,
  permissionNames,
} from '@merx/contract/permissions';

/** A mistake in how the command was typed: the help is shown and the exit code is 2. */
export class UsageError extends Error {}

/** The options parsed from the command line (`node:util` parseArgs). */
export const cliOptions = {
  name: { type: 'string' },
  scope: { type: 'string', multiple: true },
  products: { type: 'string' },
  collections: { type: 'string' },
  demo: { type: 'boolean' },
  email: { type: 'string' },
  role: { type: 'string' },
  permission: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CliValues {
  name?: string;
  scope?: string[];
  products?: string;
  collections?: string;
  demo?: boolean;
  email?: string;
  role?: string;
  permission?: string[];
}

interface CommandHelp {
  /** The words that name the command, e.g. `api-key create`. */
  name: string;
  /** Its arguments after the name, as typed. */
  args: string;
  summary: string;
  options: ReadonlyArray<readonly [string, string]>;
}

/** Every command, in the order the help lists them. */
export const commands = [
  {
    name: 'api-key create',
    args: '[--name NAME] [--scope SCOPE ...]',
    summary: 'create an API key; its secret is printed once',
    options: [
      ['--name NAME', 'what the key is for (default "CLI key")'],
      ['--scope SCOPE', 'a scope from the list below, repeated for more (default "*")'],
    ],
  },
  { name: 'api-key list', args: '', summary: 'list the API keys (never their secrets)', options: [] },
  { name: 'api-key revoke', args: '<id>', summary: 'revoke an API key', options: [] },
  { name: 'staff list', args: '', summary: 'list the back-office accounts', options: [] },
  {
    name: 'staff set-password',
    args: '--email EMAIL',
    summary: 'give a staff account a new random password (printed once) and end its sign-ins',
    options: [['--email EMAIL', 'the account’s email']],
  },
  {
    name: 'staff invite',
    args: '--email EMAIL --role ROLE [--permission P ...]',
    summary: 'invite a person to the back office; the link is printed and mailed',
    options: [
      ['--email EMAIL', 'whom to invite'],
      ['--role ROLE', 'owner, admin or staff'],
      ['--permission P', 'for the staff role: a permission from the list below, repeated for more'],
    ],
  },
  {
    name: 'seed',
    args: '--products N [--collections N] | --demo',
    summary: 'add a generated catalog (for benchmarks), or load the demo store into an empty one',
    options: [
      ['--products N', 'how many generated products to add'],
      ['--collections N', 'how many collections to spread them over'],
      ['--demo', 'the demo store: products, collections, images and shipping'],
    ],
  },
  { name: 'migrate', args: '', summary: 'bring the database schema up to date', options: [] },
  { name: 'help', args: '', summary: 'show this help (also --help, -h)', options: [] },
] as const satisfies readonly CommandHelp[];

export type CommandName = (typeof commands)[number]['name'];

/** The command that the leading words name, or undefined. */
export function findCommand(positionals: readonly string[]): CommandName | undefined {
  const [first = '', second = ''] = positionals;
  return commands.find((c) => c.name === `${first} ${second}` || c.name === first)?.name;
}

const isNamedOnly = (p: string) => (namedOnlyPermissions as readonly string[]).includes(p);

/** Whether an API key may hold this scope: a permission of the catalogue, an `area:*` wildcard, or `*`. */
export function isApiKeyScope(scope: string): boolean {
  return (
    scope === '*' ||
    scope in permissionCatalogue ||
    (scope.endsWith(':*') && permissionAreas.includes(scope.slice(0, -2)))
  );
}

/** Refuses, by name, the scopes no API key can hold. */
export function assertApiKeyScopes(scopes: readonly string[]): void {
  const unknown = scopes.filter((s) => !isApiKeyScope(s));
  if (unknown.length === 0) return;
  const valid = ['*', ...permissionAreas.map((a) => `${a}:*`), ...permissionNames];
  throw new UsageError(
    `unknown scope${unknown.length > 1 ? 's' : ''} ${unknown.map((s) => `"${s}"`).join(', ')}; the scopes are: ${valid.join(', ')}`,
  );
}

function scopeLines(): string[] {
  const width = Math.max(...permissionNames.map((p) => p.length));
  return [
    'API-key scopes (--scope) and staff permissions (--permission):',
    `  ${'*'.padEnd(width)}  every permission but the named-only ones (API keys only)`,
    `  ${'AREA:*'.padEnd(width)}  every permission of an area but the named-only ones: ${permissionAreas.join(', ')}`,
    ...permissionNames.map(
      (p) =>
        `  ${p.padEnd(width)}  ${permissionCatalogue[p]}${isNamedOnly(p) ? ' (a key has it only by naming it; not a --permission)' : ''}`,
    ),
  ];
}

/** The full help: commands with their options, the scopes, and where the database is. */
export function helpText(): string {
  const commandLines = commands.flatMap((c: CommandHelp) => [
    `  ${c.name}${c.args ? ` ${c.args}` : ''}`,
    `      ${c.summary}`,
    ...c.options.map(([flag, words]) => `      ${flag.padEnd(16)} ${words}`),
  ]);
  return [
    'Usage: npm run merx -- <command> [options]',
    '',
    'Commands:',
    ...commandLines,
    '',
    ...scopeLines(),
    '',
    'The database is DATABASE_URL (postgres://…) or MERX_DATA_DIR/merx.db (default ./data/merx.db).',
    '',
  ].join('\n');
}
