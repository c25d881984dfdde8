/**
 * The access matrix: every route of the server × every kind of caller, from the access rule each route declares.
 * Refusals are asserted exactly (401 for no or a visitor's token, 403 for a caller without the permission, both in
 * the envelope), and allowed callers must get past the guard. What a caller holds is modelled here, apart from the
 * server's code, from the permission catalogue and the rules of decision 0009. New routes are covered as they are
 * declared; a route whose rule this file does not know fails the test.
 */
import {
  DEFAULT_VARIANT_ID,
  namedOnlyPermissions,
  permissionAreas,
  permissionNames,
  STORES_APP_ID,
} from '@merx/contract';
import { signInMember, signInStaff, startTestServer, type TestServer, visitorToken } from '@merx/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Holder =
  | { kind: 'none' }
  | { kind: 'visitor' }
  | { kind: 'member' }
  | { kind: 'staff'; role: 'owner' | 'admin' | 'staff'; permissions: string[] }
  | { kind: 'key'; scopes: string[] };

interface CallerCase {
  name: string;
  holder: Holder;
  /** Mints the caller's Authorization value (again after a logout ends it). */
  sign(): Promise<string | undefined>;
  auth?: string | undefined;
}

const named = (scope: string) => (namedOnlyPermissions as readonly string[]).includes(scope);
const areaOf = (scope: string) => scope.split(':')[0];

/** What a holder holds, written from the rules rather than taken from the server. */
function holds(holder: Holder, scope: string): boolean {
  const wildcard = (list: string[]) => !named(scope) && (list.includes('*') || list.includes(`${areaOf(scope)}:*`));
  if (holder.kind === 'staff') {
    if (holder.role === 'owner') return scope !== 'members:sign-on';
    if (holder.role === 'admin') return !named(scope);
    return holder.permissions.includes(scope) || wildcard(holder.permissions);
  }
  if (holder.kind === 'key') return holder.scopes.includes(scope) || wildcard(holder.scopes);
  return false;
}

/** 'allowed', or the status a refusal must have. */
function expected(access: Access, holder: Holder): 'allowed' | 401 | 403 {
  const anonymous = holder.kind === 'none' || holder.kind === 'visitor';
  switch (access.kind) {
    case 'public':
      return 'allowed';
    case 'identified':
      return holder.kind === 'none' ? 401 : 'allowed';
    case 'member':
      if (holder.kind === 'member') return 'allowed';
      return anonymous ? 401 : 403;
    case 'staff':
      if (holder.kind === 'staff') return 'allowed';
      return anonymous ? 401 : 403;
    case 'elevated':
      if (anonymous) return 401;
      return holds(holder, access.scope) ? 'allowed' : 403;
    case 'own-or-elevated':
      if (holder.kind === 'none') return 401;
      if (holder.kind === 'visitor' || holder.kind === 'member') return 'allowed';
      return holds(holder, access.scope) ? 'allowed' : 403;
    case 'self-or-elevated':
      if (anonymous) return 401;
      if (holder.kind === 'member' || holder.kind === 'staff') return 'allowed';
      return holds(holder, access.scope) ? 'allowed' : 403;
  }
}

/** Served as pages, files or by plugins: the hosted pages (HTML forms behind CSRF, tested on their own), docs, media. */
const NOT_API = [/^\/auth(\/|$)/, /^\/docs(\/|$)/, /^\/media\//, /^\/assets\//, /^\/$/, /^\*$/];
/** Routes that end the caller's sign-in: each caller signs in again before them. */
const ENDS_SESSION = /\/v1\/logout$/;
const PLACEHOLDER = '00000000-0000-7000-8000-000000000000';

let server: TestServer;
let callers: CallerCase[];

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  const key = (scopes: string[]) => async () =>
    (await server.services.apiKeys.create({ name: `matrix ${scopes.join(' ') || 'none'}`, scopes })).key;
  const staff =
    (role: 'owner' | 'admin' | 'staff', permissions: string[] = []) =>
    async () =>
      (await signInStaff(server, { role, permissions })).token;
  const cases: Array<Omit<CallerCase, 'auth'>> = [
    { name: 'no credentials', holder: { kind: 'none' }, sign: async () => undefined },
    { name: 'a visitor', holder: { kind: 'visitor' }, sign: () => visitorToken(server) },
    { name: 'a member', holder: { kind: 'member' }, sign: async () => (await signInMember(server)).token },
    { name: 'an owner', holder: { kind: 'staff', role: 'owner', permissions: [] }, sign: staff('owner') },
    { name: 'an admin', holder: { kind: 'staff', role: 'admin', permissions: [] }, sign: staff('admin') },
    {
      name: 'staff without permissions',
      holder: { kind: 'staff', role: 'staff', permissions: [] },
      sign: staff('staff'),
    },
    ...permissionNames
      .filter((p) => !named(p))
      .map((p) => ({
        name: `staff with ${p}`,
        holder: { kind: 'staff', role: 'staff', permissions: [p] } as Holder,
        sign: staff('staff', [p]),
      })),
    ...permissionAreas.map((a) => ({
      name: `staff with ${a}:*`,
      holder: { kind: 'staff', role: 'staff', permissions: [`${a}:*`] } as Holder,
      sign: staff('staff', [`${a}:*`]),
    })),
    { name: 'a key without scopes', holder: { kind: 'key', scopes: [] }, sign: key([]) },
    { name: 'a key with *', holder: { kind: 'key', scopes: ['*'] }, sign: key(['*']) },
    ...permissionNames.map((p) => ({
      name: `a key with ${p}`,
      holder: { kind: 'key', scopes: [p] } as Holder,
      sign: key([p]),
    })),
    ...permissionAreas.map((a) => ({
      name: `a key with ${a}:*`,
      holder: { kind: 'key', scopes: [`${a}:*`] } as Holder,
      sign: key([`${a}:*`]),
    })),
  ];
  callers = [];
  for (const c of cases) callers.push({ ...c, auth: await c.sign() });
});
afterAll(async () => {
  await server?.close();
});

function apiRoutes() {
  return server.routeTable
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !NOT_API.some((re) => re.test(r.url)))
    .map((r) => ({ method: r.method, url: r.url, access: r.access as Access | undefined }));
}

describe('the access matrix', () => {
  it('declares a known rule on every API route, naming only permissions of the catalogue', () => {
    const unknown = apiRoutes().filter(
      (r) =>
        !r.access ||
        !['public', 'identified', 'member', 'staff', 'elevated', 'own-or-elevated', 'self-or-elevated'].includes(
          r.access.kind,
        ) ||
        ('scope' in r.access && !(permissionNames as string[]).includes(r.access.scope)),
    );
    expect(unknown.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.access)}`)).toEqual([]);
  });

  it('refuses every caller the rules refuse, and lets every other caller past the guard', async () => {
    const routes = apiRoutes().sort((a, b) => Number(ENDS_SESSION.test(a.url)) - Number(ENDS_SESSION.test(b.url)));
    const wrong: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, PLACEHOLDER);
      for (const caller of callers) {
        if (ENDS_SESSION.test(route.url)) caller.auth = await caller.sign();
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
        const res = await server.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...(caller.auth ? { authorization: caller.auth } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { payload: body } : {}),
        });
        requests++;
        const want = expected(route.access as Access, caller.holder);
        const got = res.statusCode;
        const label = `${route.method} ${route.url} as ${caller.name}: ${got}`;
        if (got >= 500) {
          wrong.push(`${label} (server error)`);
        } else if (want === 'allowed') {
          if (got === 401 || got === 403) wrong.push(`${label}, expected to be let through: ${res.body.slice(0, 160)}`);
        } else if (got !== want) {
          wrong.push(`${label}, expected ${want}`);
        } else {
          const code = res.json().details?.applicationError?.code;
          const wantCode = want === 401 ? 'UNAUTHENTICATED' : 'PERMISSION_DENIED';
          if (code !== wantCode) wrong.push(`${label} with code ${code}, expected ${wantCode}`);
        }
      }
    }
    console.log(`access matrix: ${routes.length} routes × ${callers.length} callers = ${requests} requests`);
    expect(wrong).toEqual([]);
    expect(requests).toBeGreaterThan(200 * 60);
    // Every route times every caller is some 18,000 requests: minutes on a busy two-core machine.
  }, 600_000);
});

/**
 * Routes whose path parameter is not one of the shopper's records (the record is named in the body), with the test
 * that shows another caller cannot use them on someone's record.
 */
const ELSEWHERE = new Map([
  [
    'POST /_api/merx/v1/payments/stripe/payment-intents/:paymentIntentId/sync',
    "packages/server/src/modules/payments/stripe-pay.test.ts: another buyer cannot make or sync an intent of someone's order",
  ],
]);

/** The records a route with a path parameter is about, by the route's path. */
const OWN_RECORD: Array<[RegExp, 'cartId' | 'checkoutId' | 'orderId']> = [
  [/^\/ecom\/v1\/checkouts\/by-cart-id\/:id$/, 'cartId'],
  [/^\/ecom\/v1\/checkouts\/:id(\/|$)/, 'checkoutId'],
  [/^\/ecom\/v1\/orders\/:id$/, 'orderId'],
  [/^\/ecom\/v1\/fulfillments\/orders\/:orderId$/, 'orderId'],
  [/^\/_api\/merx\/v1\/payments\/orders\/:orderId\/payment-state$/, 'orderId'],
];

describe("a shopper's own records", () => {
  it('are read by their owner and by nobody else who is not allowed every record', async () => {
    const inject = (method: string, url: string, auth: string | undefined, body?: unknown) =>
      server.app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(auth ? { authorization: auth } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    // Member A buys something: a cart, a checkout and an order of their own.
    const a: TestMember = await signInMember(server);
    const product = (
      await inject('POST', '/stores-reader/v1/products/query-platformized', undefined, {
        query: { filter: { name: { $startsWith: 'Camp Enamel' } }, paging: { limit: 1 } },
      })
    ).json().products[0];
    const added = await inject('POST', '/ecom/v1/carts/current/add-to-cart', a.token, {
      lineItems: [
        {
          quantity: 1,
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: product.id,
            options: { variantId: DEFAULT_VARIANT_ID },
          },
        },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cartId = added.json().cart.id as string;
    const made = await inject('POST', '/ecom/v1/carts/current/create-checkout', a.token, {
      channelType: 'WEB',
      email: a.email,
    });
    expect(made.statusCode, made.body).toBe(200);
    const checkoutId = made.json().checkoutId as string;
    const record = { cartId, checkoutId, orderId: '' };
    // Others try the checkout while it is open (a write among them must change nothing).
    const others = {
      'another member': (await signInMember(server)).token,
      'a visitor': await visitorToken(server),
      'staff without permissions': (await signInStaff(server, { role: 'staff' })).token,
      'a key without scopes': (await server.services.apiKeys.create({ name: 'none', scopes: [] })).key,
      'a key with catalog:*': (await server.services.apiKeys.create({ name: 'catalog', scopes: ['catalog:*'] })).key,
    };
    const placed = async () => {
      const res = await inject('PATCH', `/ecom/v1/checkouts/${checkoutId}`, a.token, {
        checkout: {
          shippingInfo: {
            shippingDestination: {
              address: {
                country: 'US',
                subdivision: 'US-NY',
                city: 'New York',
                postalCode: '10118',
                addressLine: '350 5th Ave',
              },
            },
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const order = await inject('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, a.token, { id: checkoutId });
      expect(order.statusCode, order.body).toBe(200);
      return order.json().orderId as string;
    };
    const routes = apiRoutes().filter(
      (r) => r.url.includes('/:') && (r.access?.kind === 'identified' || r.access?.kind === 'own-or-elevated'),
    );
    const wrong: string[] = [];
    for (const phase of ['open', 'ordered'] as const) {
      if (phase === 'ordered') record.orderId = await placed();
      for (const route of routes) {
        if (ELSEWHERE.has(`${route.method} ${route.url}`)) continue;
        const kind = OWN_RECORD.find(([re]) => re.test(route.url))?.[1];
        if (!kind) {
          wrong.push(`${route.method} ${route.url}: teach this test which record its parameter names`);
          continue;
        }
        if (!record[kind] || (phase === 'open') === (kind === 'orderId')) continue;
        const url = route.url.replace(/:[A-Za-z0-9_]+/, record[kind]);
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { id: record[kind] };
        for (const [name, auth] of Object.entries(others)) {
          const res = await inject(route.method, url, auth, body);
          const refused = route.access?.kind === 'own-or-elevated' && name.startsWith('staff') ? 403 : 404;
          const ok =
            route.method === 'GET'
              ? res.statusCode === refused || res.statusCode === 403
              : res.statusCode >= 400 && res.statusCode < 500;
          if (!ok || (route.method === 'GET' && res.statusCode === 200))
            wrong.push(`${route.method} ${route.url} as ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (route.method === 'GET') {
          const own = await inject(route.method, url, a.token);
          if (own.statusCode !== 200)
            wrong.push(`${route.method} ${route.url} as its owner: ${own.statusCode} ${own.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Nothing the others sent changed A's records.
    const order = (await inject('GET', `/ecom/v1/orders/${record.orderId}`, a.token)).json().order;
    expect(order.lineItems).toHaveLength(1);
    expect(order.buyerInfo.email ?? a.email).toBe(a.email);
  });
});
