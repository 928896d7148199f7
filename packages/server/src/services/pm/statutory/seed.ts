import { getTableName } from 'drizzle-orm';
import { noteBulkWrite } from '../../../db/analyze.ts';
import type { Tx } from '../../../db/database.ts';
import { parameterResource } from '../../system/settings/resources.ts';
import { parameters } from '../../system/tables/settings.ts';
import { checkStarterRows, type StarterSeed } from '../../tenant/seeds/tenant-seeds.ts';
import { STATUTORY_DATA } from './data/index.ts';
import type { StatutoryData } from './data/types.ts';

/** A parameter row as POST /api/system/parameters takes it. */
export type ParameterBody = {
  readonly code: string;
  readonly name: string;
  readonly value: string;
  readonly unit: string;
  readonly effectiveDate: string;
  readonly description: string;
};

/**
 * Every dated value of the statutory parameters as a row of the tenant's parameter table
 * (Admin › Parameter management): the Vietnamese name, the value as the decimal text the table
 * keeps, the unit, the day it takes effect, and a description ending with the legal source.
 */
export function statutoryParameterRows(data: StatutoryData = STATUTORY_DATA): ParameterBody[] {
  return data.parameters.flatMap((parameter) =>
    parameter.values.map((dated) => ({
      code: parameter.code,
      name: parameter.name.vi,
      value: String(dated.value),
      unit: parameter.unit,
      effectiveDate: dated.effectiveFrom,
      description: `${parameter.description.vi} Nguồn: ${dated.source}.`,
    })),
  );
}

let checked: ParameterBody[] | undefined;

/**
 * The statutory parameters of a new tenant (the region wages come with the region wage seed file,
 * seed-data/om/region-wages.json). A tenant created before them gets them from migration 0072,
 * which inserts the rows it lacks and leaves the ones it has as they are.
 *
 * The rows are checked as POST /api/system/parameters checks a body, and written straight into
 * the new tenant, not through the resource's validate hook: its clash check reads the parameters
 * the row policies let it see, and a tenant's creation runs as the owner, which on PGlite (a
 * superuser) sees every tenant's. The data's own test holds each code and date once; the unique
 * index (tenant, lower(code), effective date) still guards.
 */
export const statutoryParameters: StarterSeed = {
  name: 'statutory parameters',
  async seed(tx: Tx, tenantId: string) {
    checked ??= checkStarterRows(
      'statutory parameters',
      parameterResource,
      statutoryParameterRows(),
    ) as ParameterBody[];
    await tx
      .insert(parameters)
      .values(checked.map((row) => ({ ...row, tenantId, createdBy: null, lastModifiedBy: null })));
    noteBulkWrite(tx, getTableName(parameters), checked.length);
    return { [parameterResource.name]: checked.length };
  },
};
