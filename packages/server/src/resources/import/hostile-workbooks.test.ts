import type { ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTitleResource } from '../../services/om/categories/category-resources.ts';
import { testEngines } from '../../testing/engines.ts';
import {
  readSheet,
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../testing/kit.ts';
import { HEADER, hostileWorkbooks, type HostileWorkbook } from './testing/hostile-corpus.ts';
import { allOf } from '../../../../../scripts/testing/all-of.ts';

const BASE = '/api/om/job-titles';

// Built once for both engines: the bombs take a few seconds to deflate.
const corpus: HostileWorkbook[] = await hostileWorkbooks();

describe.each(await testEngines('both'))('hostile workbooks on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  const count = async () => (await kit.http.get<{ data: number }>(`${BASE}/count`, caller.token)).body.data;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([jobTitleResource]);
  });
  afterAll(() => kit?.stop());

  /** Sends the file while asking /api/health (which reads the database) until the answer comes. */
  async function importWhileAskingHealth(file: Buffer) {
    let settled = false;
    const answer = upload(`${kit.server.url}${BASE}/import`, caller.token, file).finally(() => {
      settled = true;
    });
    const health: number[] = [];
    do health.push((await fetch(`${kit.server.url}/api/health`)).status);
    while (!settled);
    return { answer: await answer, health };
  }

  it.each(corpus.map((c) => [c.name, c] as const))(
    '%s: answered with a clear 4xx, nothing written',
    async (_, hostile) => {
      const before = await count();
      const { answer, health } = await importWhileAskingHealth(hostile.file);
      expect(answer.status).toBe(hostile.answer.status);
      if ('envelope' in hostile.answer) {
        const body = answer.json as unknown as ErrorEnvelope;
        expect(body.code).toMatch(/^(VALIDATION_FAILED|PAYLOAD_TOO_LARGE)$/);
        expect(body.message).toMatch(hostile.answer.envelope);
        expect(body.errors).toEqual([expect.objectContaining({ field: 'file' })]);
      } else {
        expect(answer.headers.get('content-type')).toContain('spreadsheetml');
        const rows = await readSheet(answer.bytes);
        // Only the import's columns and the errors column, however wide the upload was.
        expect(rows[0]).toEqual([...HEADER, 'Lỗi']);
        expect(Math.max(...rows.map((r) => r.length))).toBeLessThanOrEqual(HEADER.length + 1);
        hostile.answer.errorWorkbook.forEach((message, i) =>
          expect(String(rows[i + 1]?.[HEADER.length] ?? '')).toMatch(message),
        );
      }
      expect(health.length).toBeGreaterThan(0);
      expect(allOf(health, (status) => status === 200)).toBe(true);
      expect(await count()).toBe(before);
    },
  );

  it('imports a formula by the result Excel saved with it, never its text', async () => {
    const file = await workbookOf([
      HEADER,
      ['CACHED_01', { formula: 'UPPER("tên")', result: 'TÊN' }, null, { formula: '2*3', result: 6 }],
    ]);
    const res = await upload(`${kit.server.url}${BASE}/import`, caller.token, file);
    expect(res.status).toBe(200);
    const found = await kit.http.get<{ data: { name: string; priority: number }[] }>(
      `${BASE}?code=CACHED_01`,
      caller.token,
    );
    expect(found.body.data.map((r) => [r.name, r.priority])).toEqual([['TÊN', 6]]);
  });
});
