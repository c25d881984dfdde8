import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { permissionNames } from '@merx/contract/permissions';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from './cli-usage.js';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'merx-cli-'));
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'cli.ts'), ...args], {
    env: { ...process.env, MERX_DATA_DIR: dataDir, DATABASE_URL: '' },
  });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the merx command line', () => {
  it('creates an API key, shows it once, and lists it without its secret', async () => {
    const created = await cli('api-key', 'create', '--name', 'Importer', '--scope', 'catalog:write');
    const key = /merx_sk_[A-Za-z0-9_-]+/.exec(created.stdout)?.[0];
    expect(key).toBeDefined();
    const listed = await cli('api-key', 'list');
    expect(listed.stdout).toContain('Importer');
    expect(listed.stdout).toContain('catalog:write');
    expect(listed.stdout).not.toContain(key as string);
  });

  it('says what a sign-on key can do when it makes one', async () => {
    const created = await cli('api-key', 'create', '--name', 'SSO', '--scope', 'members:sign-on');
    expect(created.stdout).toMatch(/Note: This key can sign in as any member without their password/);
  });

  it('refuses an unknown scope by name, lists the valid ones, and makes no key', async () => {
    const refused = cli('api-key', 'create', '--name', 'Flying', '--scope', 'catalog:read', '--scope', 'orders:fly');
    await expect(refused).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown scope "orders:fly"; the scopes are: \*, catalog:\*, .*members:sign-on/),
    });
    expect((await cli('api-key', 'list')).stdout).not.toContain('Flying');
  });

  it('invites an owner from the store’s machine, and refuses a role it does not know', async () => {
    const invited = await cli('staff', 'invite', '--email', 'second-owner@shop.test', '--role', 'owner');
    expect(invited.stdout).toMatch(/Invited second-owner@shop.test as owner/);
    expect(invited.stdout).toMatch(/\/auth\/accept-invitation\?token=/);
    await expect(cli('staff', 'invite', '--email', 'x@shop.test', '--role', 'king')).rejects.toMatchObject({
      stderr: expect.stringContaining('--role'),
    });
  });

  it('seeds a generated catalog of the requested size', async () => {
    const seeded = await cli('seed', '--products', '120');
    expect(seeded.stdout).toMatch(/Added 120 products/);
  });

  it('will not load the demo into a store that has products, says why, and changes nothing', async () => {
    await cli('seed', '--products', '3');
    const refusal = () =>
      cli('seed', '--demo').then(
        () => '',
        (error: { code: number; stderr: string }) => error,
      );
    const first = await refusal();
    expect(first).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/the store already has \d+ products; the demo is loaded only into an empty store/),
    });
    expect(await refusal()).toMatchObject({ stderr: (first as { stderr: string }).stderr });
  });

  it('refuses a bad product count and an unknown command with a message', async () => {
    await expect(cli('seed', '--products', 'many')).rejects.toMatchObject({
      stderr: expect.stringContaining('--products'),
    });
    await expect(cli('frobnicate')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown command "frobnicate"[\s\S]*Commands:/),
    });
  });

  it('prints every command and every scope for --help, -h and help, and exits 0', async () => {
    for (const asked of ['--help', '-h', 'help']) {
      const { stdout } = await cli(asked);
      for (const command of commands) expect(stdout).toContain(command.name);
      for (const permission of permissionNames) expect(stdout).toContain(permission);
      expect(stdout).toContain('--scope SCOPE');
    }
  });
});
