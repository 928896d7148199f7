import type { ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { messageTemplateResource, parameterResource } from './resources.ts';

const PARAMETERS = '/api/system/parameters';
const TEMPLATES = '/api/system/message-templates';
type Parameter = { id: string; code: string; value: string; effectiveDate: string; version: number };

describe.each(await testEngines('both'))('Admin settings on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let other: Caller;
  const post = <T>(path: string, body: unknown, who = caller) => kit.http.post<T>(path, body, who.token);
  const latest = async (query: string, who = caller) => {
    const res = await kit.http.get<{ data: Parameter[] }>(
      `${PARAMETERS}/find-latest-effective?${query}`,
      who.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((p) => `${p.code} ${p.value} ${p.effectiveDate}`);
  };
  const parameter = (code: string, value: string, effectiveDate: string, who = caller) =>
    post<{ data: Parameter }>(PARAMETERS, { code, name: code, value, unit: 'VND', effectiveDate }, who);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([parameterResource, messageTemplateResource]);
    other = await kit.caller([parameterResource]);
    for (const [code, value, date] of [
      ['BASE_SALARY', '1800000', '2023-07-01'],
      ['BASE_SALARY', '2340000', '2024-07-01'],
      ['SI_RATE', '8', '2016-01-01'],
      ['BASE_SALARY', '2530000', '2027-01-01'],
    ] as const)
      expect((await parameter(code, value, date)).status).toBe(200);
    await parameter('BASE_SALARY', '9999999', '2024-01-01', other);
  });
  afterAll(() => kit?.stop());

  it('answers each parameter’s value in force on a date, one code when asked, never another tenant’s', async () => {
    expect(await latest('date=2024-06-30')).toEqual([
      'BASE_SALARY 1800000.000 2023-07-01',
      'SI_RATE 8.000 2016-01-01',
    ]);
    expect(await latest('date=2024-07-01&code=base_salary')).toEqual(['BASE_SALARY 2340000.000 2024-07-01']);
    expect(await latest('date=2027-12-31&code=BASE_SALARY')).toEqual(['BASE_SALARY 2530000.000 2027-01-01']);
    expect(await latest('date=2015-12-31')).toEqual([]);
    expect(await latest('date=2024-06-30', other)).toEqual(['BASE_SALARY 9999999.000 2024-01-01']);
  });

  it('leaves out an inactive value, so the one before it is in force again', async () => {
    const page = await kit.http.get<{ data: Parameter[] }>(
      `${PARAMETERS}?code=BASE_SALARY&pageSize=100`,
      caller.token,
    );
    const july = page.body.data.find((p) => p.effectiveDate === '2024-07-01');
    expect((await post(`${PARAMETERS}/${july?.id}/inactive`, undefined)).status).toBe(200);
    expect(await latest('date=2025-01-01&code=BASE_SALARY')).toEqual(['BASE_SALARY 1800000.000 2023-07-01']);
    await post(`${PARAMETERS}/${july?.id}/active`, undefined);
  });

  it('refuses a second value of one code for the same day, on both fields, and a malformed date', async () => {
    const twice = await parameter('base_salary', '1', '2024-07-01');
    expect(twice.status).toBe(409);
    expect((twice.body as unknown as ErrorEnvelope).errors?.map((e) => e.field)).toEqual([
      'code',
      'effectiveDate',
    ]);
    const bad = await kit.http.get<ErrorEnvelope>(
      `${PARAMETERS}/find-latest-effective?date=2024-13-01`,
      caller.token,
    );
    expect(bad.status).toBe(400);
    expect(await latest('date=2024-07-01&code=BASE_SALARY')).toEqual(['BASE_SALARY 2340000.000 2024-07-01']);
  });

  it('keeps a template’s placeholders well-formed in both languages', async () => {
    const good = {
      code: 'LEAVE_APPROVED',
      name: 'Đơn nghỉ được duyệt',
      channel: 'EMAIL',
      subjectVi: 'Đơn nghỉ của {{employeeName}} đã được duyệt',
      bodyVi: 'Kính gửi {{ employeeName }},\nĐơn từ {{leave.from}} đến {{leave.to}} đã được duyệt.',
      subjectEn: 'Leave of {{employeeName}} approved',
    };
    expect((await post(TEMPLATES, good)).status).toBe(200);
    for (const [field, text] of [
      ['bodyVi', 'Kính gửi {{employeeName,'],
      ['subjectEn', 'Hello {{two words}}'],
      ['bodyEn', 'Closed twice }} here'],
    ] as const) {
      const res = await post<ErrorEnvelope>(TEMPLATES, { ...good, code: 'BROKEN_ONE', [field]: text });
      expect(res.status, text).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
    }
    const count = await kit.http.get<{ data: number }>(`${TEMPLATES}/count`, caller.token);
    expect(count.body.data).toBe(1);
  });
});
