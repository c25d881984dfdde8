import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MerxDb } from '@merx/db';
import { createTestDb } from '@merx/db/testing';
import type { LogEvent } from 'kysely';
import { buildApp, type MerxApp } from './app.js';
import type { Config } from './config.js';
import type { StaffRole } from './http/auth.js';
import type { Clock } from './lib/clock.js';
import { newId } from './lib/ids.js';
import type { CaptchaVerifier } from './modules/identity/captcha.js';

export { commandLine } from './modules/audit/audit.service.js';

import { seedDemoStore } from './seed/seed-demo.js';

/** Statements of the background workers (the event claim and its webhook fan-out), not counted as a request's. */
const BACKGROUND = /^(delete from "outbox_queue"|select pg_advisory_xact_lock|insert into "webhook_deliveries")/;

export interface TestServer extends MerxApp {
  merx: MerxDb;
  config: Config;
  /** An owner API key (all scopes but the named-only ones). */
  apiKey: string;
  /** An API key holding only `members:sign-on` (external login, sign-on). */
  signOnKey: string;
  /** Base URL when started with `listen: true`. */
  baseUrl: string;
  /** SQL statements run since the last `resetQueryCount()`. */
  queryCount(): number;
  resetQueryCount(): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  listen?: boolean;
  demo?: boolean;
  clock?: Clock;
  captcha?: CaptchaVerifier;
  /** Config entries in place of the test defaults (Stripe pointed at a local stand-in, a secrets key). */
  config?: Partial<Config>;
}

/**
 * A real Merx app on a fresh test database (SQLite, or PostgreSQL when `MERX_TEST_DATABASE_URL` is set),
 * optionally listening on a random loopback port and loaded with the demo store.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let count = 0;
  const merx = await createTestDb({
    onQuery: (event: LogEvent) => {
      // The event claim runs after any commit, a few milliseconds later: it is the dispatcher's, not a request's.
      if (event.level === 'query' && !BACKGROUND.test(event.query.sql)) count++;
    },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'merx-data-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'test',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    seedDemo: false,
    corsOrigins: [],
    mailFrom: 'Merx tests <no-reply@localhost>',
    ownerEmail: 'owner@merx.test',
    // Tests stand local HTTP servers in for image hosts (product CSV imports).
    fetchPrivateHosts: true,
    // Tests stand local HTTP receivers in for webhook endpoints, and wait for slow ones only so long.
    development: true,
    webhookTimeoutMs: 1500,
    ...options.config,
  };
  const merxApp = await buildApp({
    config,
    merx,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.captcha ? { captcha: options.captcha } : {}),
  });
  const apiKey = (await merxApp.services.apiKeys.create({ name: 'Test owner' })).key;
  const signOnKey = (await merxApp.services.apiKeys.create({ name: 'Test sign-on', scopes: ['members:sign-on'] })).key;
  if (options.demo) await seedDemoStore(merxApp.services, config.mediaDir);
  let baseUrl = '';
  if (options.listen) {
    await merxApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(merxApp.app.server.address() as { port: number }).port}`;
  } else {
    await merxApp.app.ready();
  }
  return {
    ...merxApp,
    merx,
    config,
    apiKey,
    signOnKey,
    baseUrl,
    queryCount: () => count,
    resetQueryCount: () => {
      count = 0;
    },
    async close() {
      // A test that left a response unread (a paused video stream) would keep its connection busy and the close
      // waiting for ever: the tests are over, so every connection is ended with the close.
      const closing = merxApp.app.close();
      merxApp.app.server.closeAllConnections();
      await closing;
      await merx.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in identity made for a test: its id, email and an access token. */
export interface TestIdentity {
  id: string;
  email: string;
  token: string;
}
export type TestMember = TestIdentity;
export type TestStaff = TestIdentity;

/** Signs `sub` in to the first client of `kind`, as the hosted page's code exchange would: refresh and access token. */
async function signIn(
  server: MerxApp,
  kind: 'storefront' | 'backoffice',
  claims: { role: 'member' | 'staff'; sub: string; srole?: StaffRole; perms?: string[] },
): Promise<string> {
  const { tokens, clients } = server.services;
  const cid = (await clients.firstOfKind(kind))?.id ?? kind;
  const refresh = await tokens.createRefresh(tokens.db, { clientId: cid, role: claims.role, subjectId: claims.sub });
  return (await tokens.issueAccess({ ...claims, cid, rid: refresh.id })).accessToken;
}

/** Registers an active member and signs it in to the storefront client. */
export async function signInMember(server: MerxApp, email?: string): Promise<TestMember> {
  const address = email ?? `member-${newId().slice(-12)}@members.test`;
  const state = await server.services.identity.register(
    { loginId: { email: address }, password: 'correct horse 1' },
    { ip: undefined },
  );
  const id = state.identity?.id as string;
  return { id, email: address, token: await signIn(server, 'storefront', { role: 'member', sub: id }) };
}

/** An anonymous visitor's access token for the storefront client. */
export async function visitorToken(server: MerxApp): Promise<string> {
  const clientId = (await server.services.clients.firstOfKind('storefront'))?.id;
  const res = await server.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    payload: { grantType: 'anonymous', clientId },
  });
  return res.json().access_token as string;
}

/**
 * Makes an active staff account with `role` (and for `staff`, `permissions`) and signs it in to the back-office
 * client: the access token carries the role, as after the hosted sign-in.
 */
export async function signInStaff(
  server: MerxApp,
  grant: { role: StaffRole; permissions?: string[]; email?: string },
): Promise<TestStaff> {
  const id = newId();
  const email = grant.email ?? `${grant.role}-${id.slice(-12)}@staff.test`;
  const permissions = grant.role === 'staff' ? (grant.permissions ?? []) : ['*'];
  const at = new Date().toISOString();
  await server.services.identity.repo.insert(server.services.tokens.db, {
    id,
    kind: 'staff',
    email,
    emailVerified: true,
    passwordHash: null,
    passwordResetRequired: false,
    status: 'ACTIVE',
    role: grant.role,
    permissions,
    profile: {},
    factors: {},
    lastLoginDate: null,
    createdDate: at,
    updatedDate: at,
    revision: 1,
  });
  const token = await signIn(server, 'backoffice', { role: 'staff', sub: id, srole: grant.role, perms: permissions });
  return { id, email, token };
}

/** An answer of `jsonCaller`: the status and the parsed JSON body. */
export interface JsonAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read by each test as it expects them
  body: any;
}

/**
 * JSON calls through `inject` as the holder of `auth` (none when undefined), holding every answer to the contract's
 * cross-cutting rules: a request id, never a 5xx.
 */
export function jsonCaller(server: MerxApp) {
  return async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: string, body?: unknown) => {
    const res = await server.app.inject({
      method,
      url,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    if (res.statusCode >= 500 || !res.headers['x-wix-request-id']) {
      throw new Error(`${method} ${url} broke the cross-cutting rules: ${res.statusCode} ${res.body}`);
    }
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined } as JsonAnswer;
  };
}

export type { Access } from './http/auth.js';
