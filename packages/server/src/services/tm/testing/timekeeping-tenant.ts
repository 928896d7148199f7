import { labourRuleContract } from '@hcm/contracts/labour-calendar';
import type { ExampleContext } from '@hcm/contracts/resource';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import type { Caller, ResourceTestKit } from '../../../resources/testing/kit.ts';
import { recordBody } from '../../../testing/factories.ts';

/**
 * A tenant set up as one that keeps time (for the resource probes, whose examples of the request
 * documents are checked against the worker's days): a labour rule in force since 2020, and an
 * approved calendar giving the unit of `context` an office shift (08:00–17:00) every day from
 * 2025 — a shift of its own, so a shift change's example moving to the referenced shift is a
 * change. The calendar is approved in SQL: no workflow is the point here.
 */
export async function prepareTimekeepingTenant(
  kit: ResourceTestKit,
  caller: Caller,
  context: ExampleContext,
): Promise<void> {
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await kit.http.post<{ data: { id: string } }>(path, body, caller.token);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data.id;
  };
  await post(labourRuleContract.apiPath, {
    ...recordBody(labourRuleContract, 950, context),
    code: 'PROBE_RULES',
    effectiveDate: '2020-01-01',
  });
  const shiftId = await post('/api/tm/work-shifts', {
    code: 'PROBE_HC',
    name: 'Hành chính (probe)',
    kind: 'FIXED',
    startTime: '08:00',
    endTime: '17:00',
    breaks: [{ startTime: '12:00', endTime: '13:00', paid: false }],
    requiredHours: '8',
    workingDays: '1',
    coefficient: '1',
  });
  const calendarId = await post('/api/tm/work-calendars', {
    code: 'PROBE_LLV',
    name: 'Lịch hành chính (probe)',
    targetType: 'UNIT',
    organizationUnitId: context.references?.organization_unit,
    fromDate: '2025-01-01',
    patternType: 'WEEKLY',
    weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
    workShiftId: shiftId,
  });
  await inScope(kit.server.db.orm, { tenantId: caller.tenantId, userId: null }, (tx) =>
    tx.execute(
      sql`update tm_work_calendars set approval_status = 'APPROVED', approved_at = now() where id = ${calendarId}`,
    ),
  );
}
