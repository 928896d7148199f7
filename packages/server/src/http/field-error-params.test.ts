import { FieldLimits, type ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../resources/testing/kit.ts';
import { organizationUnitResource } from '../services/om/organization-units/resources.ts';
import { testEngines } from '../testing/engines.ts';

/*
 * Issue 27, messages in the user's language: every field error of the API's envelope carries the
 * spec's key (catalogues §5.3) and the values its message needs (spec core §5): the browser
 * writes them in Vietnamese or English; the English `message` is for API callers and logs.
 */
const UNITS = '/api/om/organization-units';

describe.each(await testEngines())('field errors carry their key and values on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([organizationUnitResource]);
  });
  afterAll(() => kit?.stop());

  const create = (body: Record<string, unknown>) =>
    kit.http.post<ErrorEnvelope & { data: { phone: string } }>(UNITS, body, hr.token);

  it('a bad phone says the allowed format with an example; a long name the required and actual lengths', async () => {
    const res = await create({
      code: 'DV_SAI',
      name: 'P'.repeat(FieldLimits.name + 60),
      phone: '0243 825 6789 máy lẻ',
      email: 'not-a-mailbox',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const byField = Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e]));
    expect(byField.phone).toEqual({
      field: 'phone',
      code: 'error.pattern',
      message: 'must be a phone, e.g. 0243 825 6789',
      params: { format: 'phone', example: '0243 825 6789' },
    });
    expect(byField.name).toMatchObject({
      code: 'error.maxlength',
      params: { required: expect.any(Number), actual: FieldLimits.name + 60 },
    });
    expect(byField.email).toMatchObject({
      code: 'error.pattern',
      params: { format: 'email', example: 'an.nguyen@congty.vn' },
    });
  });

  it('takes a landline as Vietnamese people write it, kept as typed', async () => {
    for (const [n, phone] of ['0243 825 6789', '024.3825.6789', '+84 24 3825 6789'].entries()) {
      const res = await create({ code: `DV_DT${n}`, name: `Phòng ${n}`, typeCode: 'PHONG', phone });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.phone).toBe(phone);
    }
  });

  it('a missing field is error.required, with no values', async () => {
    const res = await create({ code: 'DV_THIEU' });
    expect(res.body.errors).toContainEqual({ field: 'name', code: 'error.required', message: 'is required' });
  });
});
