import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

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

  it('says what a sign-on key can do when it makes one, and refuses a scope it does not know', async () => {
    const created = await cli('api-key', 'create', '--name', 'SSO', '--scope', 'members:sign-on');
    expect(created.stdout).toMatch(/Note: This key can sign in as any member without their password/);
    await expect(cli('api-key', 'create', '--scope', 'orders:fly')).rejects.toMatchObject({
      stderr: expect.stringContaining('scopes[0]'),
    });
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

  it('refuses a bad product count and an unknown command with a message', async () => {
    await expect(cli('seed', '--products', 'many')).rejects.toMatchObject({
      stderr: expect.stringContaining('--products'),
    });
    await expect(cli('frobnicate')).rejects.toMatchObject({ stderr: expect.stringContaining('Unknown command') });
  });
});
