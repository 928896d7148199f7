import type { ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationUnitResource } from '../../services/om/organization-units/resources.ts';
import { testEngines } from '../../testing/engines.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../testing/kit.ts';
import { MAX_TREE_DEPTH } from './references.ts';

const BASE = '/api/om/organization-units';
type Unit = { data: { id: string; version: number } } & ErrorEnvelope;

/**
 * A tree (organisation units, positions) grows at most MAX_TREE_DEPTH levels, so every walk over
 * it (the chart, the pickers, their answers) stays bounded whatever its users add: a create, a
 * move of a whole branch, and an import under the deepest unit are refused past the limit.
 */
describe.each(await testEngines())('how deep a tree may grow on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  const chain: string[] = [];
  const unit = (code: string, parentId?: string) =>
    kit.http.post<Unit>(
      BASE,
      { code, name: `Đơn vị ${code}`, typeCode: 'PHONG', ...(parentId ? { parentId } : {}) },
      caller.token,
    );

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([organizationUnitResource]);
    for (let level = 1; level <= MAX_TREE_DEPTH; level++) {
      const made = await unit(`CAP_${String(level).padStart(2, '0')}`, chain.at(-1));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      chain.push(made.body.data.id);
    }
  });
  afterAll(() => kit?.stop());

  it('refuses a unit one level below the deepest, on its parent field', async () => {
    const deeper = await unit('CAP_QUA_SAU', chain.at(-1));
    expect(deeper.status).toBe(400);
    expect(deeper.body.errors).toEqual([
      expect.objectContaining({
        field: 'parentId',
        message: `would make the tree deeper than ${MAX_TREE_DEPTH} levels`,
      }),
    ]);
    // beside the deepest is still fine
    expect((await unit('CAP_CANH', chain.at(-2))).status).toBe(200);
  });

  it('refuses moving a branch where its own levels would pass the limit', async () => {
    const top = await unit('NHANH_GOC');
    const child = await unit('NHANH_CON', top.body.data.id);
    expect(child.status).toBe(200);
    // two levels under the 29th: 29 + 2 = 31
    const moved = await kit.http.post<Unit>(
      `${BASE}/${top.body.data.id}/update`,
      { version: top.body.data.version, parentId: chain[MAX_TREE_DEPTH - 2] },
      caller.token,
    );
    expect(moved.status).toBe(400);
    expect(moved.body.errors?.map((error) => error.field)).toEqual(['parentId']);
    // one level higher fits exactly
    const fits = await kit.http.post<Unit>(
      `${BASE}/${top.body.data.id}/update`,
      { version: top.body.data.version, parentId: chain[MAX_TREE_DEPTH - 3] },
      caller.token,
    );
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
  });

  it('refuses an imported row under the deepest unit, saying why', async () => {
    const template = await download(`${kit.server.url}${BASE}/download-template`, caller.token);
    const [header] = await readSheet(template.bytes);
    // the template's columns follow the contract's import columns: code, name, type, parent, …
    const file = await workbookOf([
      header as unknown[],
      ['NHAP_QUA_SAU', 'Nhập quá sâu', 'PHONG', chain.at(-1)],
    ]);
    const res = await upload(`${kit.server.url}${BASE}/import`, caller.token, file);
    expect(res.status).toBe(400);
    const [, row] = await readSheet(res.bytes);
    expect(JSON.stringify(row)).toContain(`cây sẽ sâu quá ${MAX_TREE_DEPTH} cấp`);
  });
});
