import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, unique } from '../products/catalog-test-kit.js';
import { ENTITIES, expectNoWrites, type NamedKit, startNamedKit } from './ribbons-brands-test-kit.js';

let kit: NamedKit;
beforeAll(async () => {
  kit = await startNamedKit();
});
afterAll(async () => {
  await kit.close();
});

const NO_SUCH_ID = '00000000-0000-7000-8000-000000000000';

describe.each(ENTITIES)('$many v3: one at a time', (e) => {
  it('creates one with revision 1 and dates, and says so in the outbox', async () => {
    const seq = await kit.lastSeq();
    const name = unique('New ').slice(0, e.maxName);
    const res = await kit.owner.post(e.base, { [e.one]: { name: `  ${name} `, id: 'ignored', revision: '9' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entity = res.body[e.one];
    expect(entity).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      revision: '1',
      createdDate: expect.any(String),
      updatedDate: entity.createdDate,
      name,
    });
    expect(await kit.eventsSince(seq)).toEqual([
      { type: e.event('created'), entityId: entity.id, payload: { entity } },
    ]);
  });

  it('refuses an empty, blank, too long or missing name, writing nothing', async () => {
    await expectNoWrites(kit, async () => {
      for (const name of ['', '   ', 'x'.repeat(e.maxName + 1)]) {
        expectViolation(await kit.owner.post(e.base, { [e.one]: { name } }), `${e.one}.name`);
      }
      expectViolation(await kit.owner.post(e.base, { [e.one]: {} }), `${e.one}.name`);
      expectViolation(await kit.owner.post(e.base, {}), e.one);
    });
  });

  it('refuses a name already used, whatever its case, naming the field', async () => {
    const name = unique('Dup ');
    await kit.create(e, name);
    await expectNoWrites(kit, async () => {
      const res = await kit.owner.post(e.base, { [e.one]: { name: name.toUpperCase() } });
      expectAppError(res, 409, e.exists);
      expect(res.body.details.applicationError.data).toMatchObject({ field: `${e.one}.name` });
    });
  });

  it('gets one by id, with the product count when asked in either spelling, for visitors too', async () => {
    const made = await kit.create(e, unique('Get '));
    const plain = await kit.visitor.get(`${e.base}/${made.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body[e.one]).toEqual(made);
    for (const field of ['ASSIGNED_PRODUCT_COUNT', 'ASSIGNED_PRODUCTS_COUNT']) {
      const res = await kit.visitor.get(`${e.base}/${made.id}?${e.one}Id=${made.id}&fields=${field}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body[e.one]).toEqual({ ...made, [e.countField]: 0 });
    }
    const twice = await kit.visitor.get(`${e.base}/${made.id}?fields=${e.countRequest}&fields=${e.countRequest}`);
    expect(twice.body[e.one][e.countField]).toBe(0);
  });

  it('answers 404 for an unknown id and 400 for an unknown requested field', async () => {
    expectAppError(await kit.visitor.get(`${e.base}/${NO_SUCH_ID}`), 404, e.notFound);
    const made = await kit.create(e, unique('Fields '));
    expectViolation(await kit.visitor.get(`${e.base}/${made.id}?fields=PRODUCTS`), 'fields[0]', 'INVALID_ENUM_VALUE');
  });

  it('renames one with the revision read, and refuses a stale revision without writing', async () => {
    const made = await kit.create(e, unique('Old '));
    const seq = await kit.lastSeq();
    const name = unique('Renamed ');
    const res = await kit.owner.patch(`${e.base}/${made.id}`, {
      [e.one]: { id: made.id, revision: made.revision, name },
      fields: [e.countRequest],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const renamed = res.body[e.one];
    expect(renamed).toMatchObject({
      id: made.id,
      revision: '2',
      name,
      createdDate: made.createdDate,
      [e.countField]: 0,
    });
    const { [e.countField]: _count, ...entity } = renamed;
    expect(await kit.eventsSince(seq)).toEqual([
      { type: e.event('updated'), entityId: made.id, payload: { entity, modifiedFields: ['name'] } },
    ]);
    await expectNoWrites(kit, async () => {
      const again = await kit.owner.patch(`${e.base}/${made.id}`, {
        [e.one]: { revision: '1', name: unique('Late ') },
      });
      expectAppError(again, 400, 'CONCURRENT_MODIFICATION');
      expect(again.body.details.applicationError.data).toMatchObject({ currentRevision: '2' });
    });
    expect((await kit.visitor.get(`${e.base}/${made.id}`)).body[e.one]).toMatchObject({ name, revision: '2' });
  });

  it('refuses an update without revision, with a bad one, to a taken name, or of an unknown id', async () => {
    const a = await kit.create(e, unique('A '));
    const b = await kit.create(e, unique('B '));
    await expectNoWrites(kit, async () => {
      expectViolation(await kit.owner.patch(`${e.base}/${a.id}`, { [e.one]: { name: 'x' } }), `${e.one}.revision`);
      expectViolation(
        await kit.owner.patch(`${e.base}/${a.id}`, { [e.one]: { revision: 'one', name: 'x' } }),
        `${e.one}.revision`,
      );
      expectViolation(
        await kit.owner.patch(`${e.base}/${a.id}`, { [e.one]: { revision: '1', name: ' ' } }),
        `${e.one}.name`,
      );
      const taken = await kit.owner.patch(`${e.base}/${a.id}`, {
        [e.one]: { revision: '1', name: b.name.toLowerCase() },
      });
      expectAppError(taken, 409, e.exists);
      expectAppError(
        await kit.owner.patch(`${e.base}/${NO_SUCH_ID}`, { [e.one]: { revision: '1', name: 'x' } }),
        404,
        e.notFound,
      );
    });
  });

  it('lets a rename change only the case of the name', async () => {
    const made = await kit.create(e, unique('case '));
    const res = await kit.owner.patch(`${e.base}/${made.id}`, {
      [e.one]: { revision: '1', name: made.name.toUpperCase() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[e.one].name).toBe(made.name.toUpperCase());
  });

  it('deletes one (with an event), then answers 404', async () => {
    const made = await kit.create(e, unique('Gone '));
    const seq = await kit.lastSeq();
    const res = await kit.owner.delete(`${e.base}/${made.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({});
    expect(await kit.eventsSince(seq)).toEqual([
      { type: e.event('deleted'), entityId: made.id, payload: { entity: made } },
    ]);
    expectAppError(await kit.visitor.get(`${e.base}/${made.id}`), 404, e.notFound);
    await expectNoWrites(kit, async () => {
      expectAppError(await kit.owner.delete(`${e.base}/${made.id}`), 404, e.notFound);
    });
  });

  it('gets or creates by name: the same entity whatever the case, a new one otherwise', async () => {
    const name = unique('Goc ');
    const made = await kit.owner.post(`${e.base}/get-or-create`, { [`${e.one}Name`]: name });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const again = await kit.owner.post(`${e.base}/get-or-create`, {
      [`${e.one}Name`]: name.toUpperCase(),
      fields: [e.countRequest],
    });
    expect(again.body[e.one]).toEqual({ ...made.body[e.one], [e.countField]: 0 });
    await expectNoWrites(kit, async () => {
      expectViolation(await kit.owner.post(`${e.base}/get-or-create`, { [`${e.one}Name`]: '  ' }), `${e.one}Name`);
      expectViolation(await kit.owner.post(`${e.base}/get-or-create`, {}), `${e.one}Name`);
    });
  });

  it('lets visitors read and refuses them and readers every write', async () => {
    const made = await kit.create(e, unique('Acl '));
    expect((await kit.visitor.post(`${e.base}/query`, {})).status).toBe(200);
    expect((await kit.visitor.post(`${e.base}/count`, {})).status).toBe(200);
    await expectNoWrites(kit, async () => {
      expectAppError(await kit.visitor.post(e.base, { [e.one]: { name: 'x' } }), 401, 'UNAUTHENTICATED');
      expectAppError(await kit.visitor.delete(`${e.base}/${made.id}`), 401, 'UNAUTHENTICATED');
      expectAppError(await kit.reader.post(e.base, { [e.one]: { name: 'x' } }), 403, 'PERMISSION_DENIED');
      expectAppError(
        await kit.reader.patch(`${e.base}/${made.id}`, { [e.one]: { revision: '1', name: 'x' } }),
        403,
        'PERMISSION_DENIED',
      );
      expectAppError(
        await kit.reader.post(`${e.bulk}/delete`, { [`${e.one}Ids`]: [made.id] }),
        403,
        'PERMISSION_DENIED',
      );
    });
  });
});
