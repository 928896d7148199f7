import type { TargetedAudienceType } from '@hcm/contracts/notification-events';
import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { categoryTables } from '../../om/tables/categories.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';
import { workers } from '../../om/tables/workers.ts';
import { codedSource, namesOf, type NamedSource } from '../../../resources/search/named-records.ts';

/**
 * The records each audience type names: units (working groups apart), working groups (units of
 * type TO), job titles, job positions, employees (offered while WORKING, "name (code)").
 */
export const AudienceSources: Readonly<Record<TargetedAudienceType, NamedSource>> = {
  ORGANIZATION_UNIT: codedSource(organizationUnits, ne(organizationUnits.typeCode, 'TO')),
  GROUP: codedSource(organizationUnits, eq(organizationUnits.typeCode, 'TO')),
  JOB_TITLE: codedSource(categoryTables.job_title),
  JOB_POSITION: codedSource(categoryTables.job_position),
  INDIVIDUAL: {
    table: workers,
    id: workers.id,
    tenantId: workers.tenantId,
    status: sql<string>`case when ${workers.workingStatus} = 'WORKING' then 'ACTIVE' else 'INACTIVE' end`,
    name: sql<string>`${workers.fullName} || ' (' || ${workers.code} || ')'`,
    keyword: [workers.code, workers.fullName],
  },
};

/** What an ALL_PERSONNEL row is called where the audience is listed. */
export const ALL_PERSONNEL_NAME = 'Toàn bộ nhân sự';

export interface AudienceRow {
  assignmentType: string;
  assignmentId: string | null;
  assignmentName?: string | null;
}

/**
 * Checks each audience row against the records of its type in the tenant and copies the record's
 * name into it (in place: the rows saved are these objects). ALL_PERSONNEL names nothing; every
 * other type names one record of the tenant, or the row is refused at `audiences[i].assignmentId`.
 */
export async function fillAudienceNames(
  tx: Tx,
  tenantId: string,
  rows: readonly AudienceRow[],
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const byType = new Map<string, Map<string, { name: string }>>();
  for (const type of Object.keys(AudienceSources) as TargetedAudienceType[]) {
    const ids = rows
      .filter((row) => row.assignmentType === type && row.assignmentId)
      .map((row) => row.assignmentId as string);
    if (ids.length > 0) byType.set(type, await namesOf(tx, AudienceSources[type], tenantId, ids));
  }
  rows.forEach((row, index) => {
    const field = `audiences[${index}].assignmentId`;
    if (row.assignmentType === 'ALL_PERSONNEL') {
      if (row.assignmentId)
        errors.push({ field, code: FieldErrorKeys.invalidValue, message: 'names nothing for all personnel' });
      row.assignmentId = null;
      // the lists name the row like the others (in the portal's default language)
      row.assignmentName = ALL_PERSONNEL_NAME;
      return;
    }
    if (!row.assignmentId) {
      errors.push({ field, code: FieldErrorKeys.required, message: 'is required for this audience' });
      return;
    }
    const found = byType.get(row.assignmentType)?.get(row.assignmentId);
    if (found) row.assignmentName = found.name.slice(0, 200);
    else
      errors.push({
        field,
        code: FieldErrorKeys.invalidValue,
        message: `is not a ${row.assignmentType.toLowerCase().replace('_', ' ')} of this tenant`,
      });
  });
  return errors;
}
