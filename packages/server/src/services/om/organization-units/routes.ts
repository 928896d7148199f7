import {
  DataEnvelope,
  LOOKUP_ID_MISSING,
  LookupEnvelope,
  Paging,
  PermissionResources,
  type LookupEnvelope as Lookup,
} from '@hcm/contracts';
import {
  UNIT_TYPE_CODES,
  WAGE_REGIONS,
  organizationUnitContract,
  type UnitRegionWage,
} from '@hcm/contracts/organization';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { runAsCaller } from '../../../http/caller-scope.ts';
import { findLatestEffective, todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { regionWageResource } from '../wage-categories/resources.ts';
import { findUnitTree, regionsOfUnits } from './unit-tree.ts';

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const UnitNode = Type.Object({
  id: Uuid,
  code: Type.String(),
  name: Type.String(),
  typeCode: Type.Unsafe<string>({ type: 'string', enum: [...UNIT_TYPE_CODES] }),
  parentId: Nullable(Uuid),
  priority: Type.Integer(),
  workerQuantity: Type.Integer({ minimum: 0 }),
  leaderCount: Type.Integer({ minimum: 0 }),
  leaders: Type.Array(
    Type.Object({
      workerId: Uuid,
      fullName: Type.String(),
      gender: Nullable(Type.String()),
      avatarId: Nullable(Uuid),
      positionName: Type.String(),
    }),
  ),
});

const UnitRegionWageSchema = Type.Object({
  organizationUnitId: Uuid,
  region: Nullable(Type.Unsafe<string>({ type: 'string', enum: [...WAGE_REGIONS] })),
  regionWageId: Nullable(Uuid),
  amount: Nullable(Type.String()),
  effectiveDate: Nullable(Type.String({ format: 'date' })),
});

/**
 * The organisation look-ups beyond the generic sub-paths (catalogues §7.4): the whole active
 * tree for the chart, and the region minimum wage each unit works under ("Salary config: GET
 * region wages by organizationUnitIds").
 */
export const organizationUnitRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${organizationUnitContract.apiPath}/find-all-tree`,
    {
      config: {
        auth: 'user',
        permission: 'organization_unit.view',
        module: PermissionResources.organization_unit.module,
      },
      schema: {
        summary: 'Organisation units: every active unit with its parent, in list order (the chart)',
        tags: ['om/organization-units'],
        operationId: 'om.organization-units.findAllTree',
        response: { 200: DataEnvelope(Type.Array(UnitNode)), ...errorResponses },
      },
    },
    async (request) => envelope(await runAsCaller(db, request, findUnitTree)),
  );

  app.get(
    `${regionWageResource.basePath}/by-organization-units`,
    {
      config: {
        auth: 'user',
        permission: regionWageResource.permissionFor('view'),
        module: regionWageResource.module,
      },
      schema: {
        summary:
          'Regional minimum wages: for each unit, its region (its own or its nearest parent’s) and the wage in force there on a date',
        tags: ['om/region-wages'],
        operationId: 'om.region-wages.byOrganizationUnits',
        querystring: Type.Object(
          {
            organizationUnitIds: Type.Optional(
              Type.Array(Uuid, {
                maxItems: Paging.maxFindByIds,
                description: 'repeat the parameter per unit',
              }),
            ),
            date: Type.Optional(
              Type.String({ format: 'date', description: 'yyyy-MM-dd; default: today in Vietnam' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: LookupEnvelope(Type.Array(UnitRegionWageSchema)), ...errorResponses },
      },
    },
    async (request): Promise<Lookup<UnitRegionWage[]>> => {
      const { organizationUnitIds = [], date = todayInVietnam() } = request.query as {
        organizationUnitIds?: string[];
        date?: string;
      };
      if (organizationUnitIds.length === 0)
        return {
          data: [],
          warning: {
            code: LOOKUP_ID_MISSING,
            message: 'Choose a unit first: organizationUnitIds is missing',
          },
        };
      const units = await runAsCaller(db, request, (tx) =>
        regionsOfUnits(tx, [...new Set(organizationUnitIds)]),
      );
      const wages = await findLatestEffective(
        db,
        regionWageResource,
        request,
        { date: 'effectiveDate', per: ['region'] },
        date,
      );
      const byRegion = new Map(wages.map((wage) => [wage.region, wage]));
      return envelope(
        units.map(({ organizationUnitId, region }) => {
          const wage = region === null ? undefined : byRegion.get(region);
          return {
            organizationUnitId,
            region,
            regionWageId: wage?.id ?? null,
            amount: (wage?.amount as string | undefined) ?? null,
            effectiveDate: (wage?.effectiveDate as string | undefined) ?? null,
          };
        }),
      );
    },
  );
};
