import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Served by plugins: the API docs page, product media and CORS preflight answers, public by nature. */
const STATIC = [/^\/docs(\/|$)/, /^\/media\//, /^\*$/];

describe('the route table', () => {
  it('has an access rule declared on every route', () => {
    const undeclared = server.routeTable
      .filter((r) => r.access === undefined && !STATIC.some((re) => re.test(r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(server.routeTable.length).toBeGreaterThan(80);
  });

  it('keeps staff-only routes away from visitors and members', () => {
    const elevatedRoutes = server.routeTable.filter((r) => r.access?.kind === 'elevated');
    expect(elevatedRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/stores/v1/products', '/_api/merx/v1/members', '/_api/merx/v1/staff']),
    );
  });
});
