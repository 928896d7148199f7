import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { bankResource } from './resources.ts';

type Bank = { id: string; code: string; name: string; shortName: string; priority: number };
type Page = PageEnvelope<Bank>;

const BASE = '/api/om/banks';

/** What is special about banks: listed by name, a short name, the banks' own 2-letter codes. */
describe.each(await testEngines('both'))('banks on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  const get = <T>(path: string) => kit.http.get<T>(path, caller.token);
  const post = <T>(path: string, body?: unknown) => kit.http.post<T>(path, body, caller.token);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([bankResource]);
    // Created in an order that is neither the names' nor the priorities'.
    for (const [code, shortName, name, priority] of [
      ['VCB', 'Vietcombank', 'Ngân hàng Thương mại cổ phần Ngoại thương Việt Nam', 1],
      ['VBA', 'Agribank', 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam', 3],
      ['MB', 'MB', 'Ngân hàng Thương mại cổ phần Quân đội', 2],
      ['VRB', 'VRB', 'Ngân hàng Liên doanh Việt - Nga', 0],
    ] as const) {
      const res = await post(BASE, { code, shortName, name, priority });
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => kit?.stop());

  it('lists banks by name ascending unless asked otherwise', async () => {
    const res = await get<Page>(BASE);
    expect(res.body.data.map((b) => b.code)).toEqual(['VRB', 'VBA', 'VCB', 'MB']);
    const byPriority = await get<Page>(`${BASE}?sortBy=priority.asc`);
    expect(byPriority.body.data.map((b) => b.code)).toEqual(['VRB', 'VCB', 'MB', 'VBA']);
  });

  it('finds a bank by its short name', async () => {
    const res = await get<Page>(`${BASE}?keyword=vietcom`);
    expect(res.body.data.map((b) => b.shortName)).toEqual(['Vietcombank']);
  });

  it("takes the banks' own short codes (two letters and up) and refuses one letter or a missing short name", async () => {
    const one = await post<ErrorEnvelope>(BASE, { code: 'V', shortName: 'V Bank', name: 'Ngân hàng V' });
    expect(one.status).toBe(400);
    expect(one.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
    const noShort = await post<ErrorEnvelope>(BASE, { code: 'XYZ', name: 'Ngân hàng XYZ' });
    expect(noShort.status).toBe(400);
    expect(noShort.body.errors).toEqual([expect.objectContaining({ field: 'shortName' })]);
    const duplicate = await post<ErrorEnvelope>(BASE, { code: 'mb', shortName: 'MB2', name: 'Trùng mã' });
    expect(duplicate.status).toBe(409);
    expect((await get<{ data: number }>(`${BASE}/count`)).body.data).toBe(4);
  });
});
