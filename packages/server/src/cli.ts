/*
 * `npm run merx -- <command>`: reads the command line, answers help and usage errors itself (exit 2), and loads
 * the database commands only when one runs.
 */
import { parseArgs } from 'node:util';
import { assertApiKeyScopes, type CliValues, cliOptions, findCommand, helpText, UsageError } from './cli-usage.js';

async function main(argv: string[]): Promise<number> {
  let parsed: { values: CliValues & { help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: cliOptions });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const command = findCommand(positionals);
  if (values.help || command === 'help') {
    process.stdout.write(helpText());
    return 0;
  }
  if (!command) {
    const words = positionals.slice(0, 2).join(' ');
    throw new UsageError(words ? `unknown command "${words}"` : 'no command given');
  }
  if (command === 'api-key create') assertApiKeyScopes(values.scope ?? []);
  const { runCommand } = await import('./cli-commands.js');
  return runCommand(command, values, positionals[command.split(' ').length]);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError) {
      process.stderr.write(`merx: ${message}\n\n${helpText()}`);
      process.exit(2);
    }
    process.stderr.write(`merx: ${message}\n`);
    process.exit(1);
  },
);
