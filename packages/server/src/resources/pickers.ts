import { ErrorCodes, hasAuthority, type PermissionCode } from '@hcm/contracts';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import Type, { type TSchema } from 'typebox';
import type { Tx } from '../db/database.ts';
import type { Scope } from '../db/tenant-scope.ts';
import { AppError } from '../http/errors.ts';
import { ownRows, type ResourceScope } from './caller.ts';
import { findRecord } from './write/find-record.ts';
import type { ResourceDefinition } from './types.ts';

/**
 * Pickers for those who file (docs/request-documents.md "What an employee's role needs"): whoever
 * may file an approvable document uses the pickers of its form without the view permission of
 * the lists they pick from. A reference's target (a leave type, an employee) answers its
 * auto-complete and find-by-ids to the holders of `<document>.create` or `.update` of every
 * approvable document whose form picks it, besides `<target>.view`; a caller let in that way (not
 * holding the view permission) gets the picker's reduced shape (the id, the code, the names the
 * option shows) of the rows the target's `picker.rows` leaves them (an employee: their own record
 * only), always inside their tenant (row-level security) and the target's data scope. What the
 * picker would not offer cannot be filed either (`refuseUnpickable`). The workflow templates'
 * reads use the same means with their own rule (services/system/workflow-templates).
 */
export interface PickerBinding {
  /** permissions besides `<resource>.view` that open the picker's reads (beyond the referring documents') */
  readonly openers?: readonly PermissionCode[];
  /**
   * what a caller let in by an opener reaches, beyond their tenant and data scope: a condition on
   * the resource's table (an employee: the one linked to the caller's account); `may` tells which
   * permissions the caller holds
   */
  rows?(scope: Scope, may: (code: PermissionCode) => boolean): SQL;
  /** fields answered beside the id (beyond the referring fields' code, shown names and nameEn) */
  readonly fields?: readonly string[];
  /** GET /{id} answers a picker's caller too (a record the picker does not offer: 403) */
  readonly detail?: boolean;
}

/** What the referring documents add to a target's picker: who opens it, and what it shows. */
export interface PickerGrant {
  readonly openers: readonly PermissionCode[];
  readonly fields: readonly string[];
  /** the picked resource itself, when it is declared (what a filed reference is checked against) */
  readonly definition?: ResourceDefinition;
}

/** The English name a picker shows on an English page (shared/ui use-reference-texts.ts). */
const ENGLISH_NAME_FIELD = 'nameEn';

declare module 'fastify' {
  interface FastifyInstance {
    /** by target resource: what the approvable documents' forms need of its picker (app.ts decorates the root) */
    pickerGrants?: ReadonlyMap<string, PickerGrant>;
  }
}

type ReferenceLike = { kind: string; target?: { resource: string; display: string } };

/**
 * By target resource (its permission resource, e.g. 'leave_type'): the create and update
 * permissions of the approvable documents whose create or update fields pick it, and the fields
 * their options show (code, the display field, its English name).
 */
export function pickerGrantsOf(definitions: readonly ResourceDefinition[]): Map<string, PickerGrant> {
  const openers = new Map<string, Set<PermissionCode>>();
  const fields = new Map<string, Set<string>>();
  for (const document of definitions) {
    const contract: AnyResourceContract | undefined = document.contract;
    if (!document.approval || !contract) continue;
    const { create, update } = document.declaration;
    for (const [name, field] of Object.entries(contract.fields as Record<string, ReferenceLike>)) {
      if ((field.kind !== 'reference' && field.kind !== 'references') || !field.target) continue;
      const target = field.target.resource;
      const codes = openers.get(target) ?? new Set<PermissionCode>();
      if (create.includes(name)) codes.add(document.permissionFor('create') as PermissionCode);
      if (update.includes(name)) codes.add(document.permissionFor('update') as PermissionCode);
      if (codes.size === 0) continue;
      openers.set(target, codes);
      fields.set(
        target,
        new Set([...(fields.get(target) ?? []), 'code', field.target.display, ENGLISH_NAME_FIELD]),
      );
    }
  }
  return new Map(
    [...openers].map(([target, codes]) => {
      const definition = definitions.find((candidate) => candidate.name === target);
      return [
        target,
        {
          openers: [...codes].sort(),
          fields: [...(fields.get(target) ?? [])],
          ...(definition ? { definition } : {}),
        },
      ];
    }),
  );
}

/** A resource's picker: who opens it besides the view permission, its rows and its shape. */
export interface Picker {
  readonly definition: ResourceDefinition;
  readonly openers: readonly PermissionCode[];
  /** the fields answered, id first */
  readonly fields: readonly string[];
  /** a row of the picker's shape */
  readonly rowSchema: TSchema;
  /** serializes a page envelope / a data envelope of picker rows */
  readonly page: (payload: unknown) => string;
  readonly list: (payload: unknown) => string;
  readonly one: (payload: unknown) => string;
}

/** A row's properties kept out of a picker whatever a binding says: nobody picks by them. */
const NEVER_PICKED = new Set(['version', 'createdBy', 'lastModifiedBy']);

/**
 * The picker of `definition` in `app` (its binding's and the referring documents'), or null when
 * nobody but the view permission's holders opens it.
 */
export function pickerOf(app: FastifyInstance, definition: ResourceDefinition): Picker | null {
  const binding = definition.declaration.picker;
  const grant = app.pickerGrants?.get(definition.name);
  const openers = [...new Set([...(binding?.openers ?? []), ...(grant?.openers ?? [])])].sort();
  if (openers.length === 0) return null;
  const properties = (definition.schemas.record as unknown as { properties: Record<string, TSchema> })
    .properties;
  const fields = [
    'id',
    ...new Set(
      [...(grant?.fields ?? []), ...(binding?.fields ?? [])].filter(
        (name) => name !== 'id' && name in properties && !NEVER_PICKED.has(name),
      ),
    ),
  ];
  const rowSchema = Type.Object(
    Object.fromEntries(fields.map((name) => [name, properties[name] as TSchema])),
    {
      description:
        "a picker's row, as a caller filing a document without this list's view permission gets it: the id and what the option shows",
    },
  );
  const compile = (schema: TSchema) =>
    fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0], { schema: {} }) as (
      payload: unknown,
    ) => string;
  return {
    definition,
    openers,
    fields,
    rowSchema,
    page: compile(
      Type.Object({
        data: Type.Array(rowSchema),
        page: Type.Object(
          {
            pageIndex: Type.Integer(),
            pageSize: Type.Integer(),
            total: Type.Integer(),
            totalCapped: Type.Optional(Type.Boolean()),
            nextCursor: Type.Optional(Type.String()),
          },
          { additionalProperties: true },
        ),
      }),
    ),
    list: compile(Type.Object({ data: Type.Array(rowSchema) })),
    one: compile(Type.Object({ data: rowSchema })),
  };
}

/** The permissions a read route of a picked resource takes: the view permission, or any opener. */
export const pickerPermissions = (definition: ResourceDefinition, picker: Picker | null): string[] => [
  definition.permissionFor('view'),
  ...(picker?.openers ?? []),
];

/** Whether the caller holds `code` (root holds every one). */
export function callerMay(request: FastifyRequest): (code: PermissionCode) => boolean {
  const actor = request.actor;
  return (code) => Boolean(actor && hasAuthority(actor.permissions, code, actor.isRoot));
}

/** A write's check of the references it picks (refuseUnpickable for one caller). */
export type PickedCheck = (
  tx: Tx,
  document: ResourceDefinition,
  values: Record<string, unknown>,
  scope: Scope,
) => Promise<void>;

/** The check of a write's picked references for the caller of `request` (none without grants or caller). */
export function pickedByCaller(request: FastifyRequest): PickedCheck | undefined {
  const grants = request.server.pickerGrants;
  if (!grants || !request.actor) return undefined;
  const may = callerMay(request);
  return (tx, document, values, scope) => refuseUnpickable(tx, document, grants, values, scope, may);
}

/**
 * Whether the request came in by an opener (the caller lacks the view permission): then its rows
 * are the picker's and its answer the picker's shape.
 */
export const pickingOnly = (request: FastifyRequest, picker: Picker | null): picker is Picker =>
  picker !== null && !callerMay(request)(picker.definition.permissionFor('view') as PermissionCode);

/** The scope narrowed to the picker's rows (its binding's `rows`, beside the data scope's). */
export function pickerScope(picker: Picker, scope: ResourceScope, request: FastifyRequest): ResourceScope {
  const rows = picker.definition.declaration.picker?.rows?.(scope, callerMay(request));
  if (!rows) return scope;
  return { ...scope, data: { ...scope.data, rows: scope.data?.rows ? and(scope.data.rows, rows) : rows } };
}

/** The forbidden answer of a picker's caller reaching for what it does not offer. */
const outsidePicker = (picker: Picker, what: string) => {
  const view = picker.definition.permissionFor('view');
  return new AppError(
    403,
    ErrorCodes.forbidden,
    `${what}: without ${view} you read only what its picker offers you`,
    undefined,
    undefined,
    { permissions: [view] },
  );
};

/**
 * A picker's caller's GET /{id}: the record when the picker offers it; 403 when it is of the
 * tenant (and data scope) but the picker does not offer it; 404 when there is no such record.
 */
export async function refuseOutsidePicker(
  tx: Tx,
  picker: Picker,
  scope: ResourceScope,
  request: FastifyRequest,
  id: string,
): Promise<Record<string, unknown>> {
  const { definition } = picker;
  const [offered] = (await tx
    .select()
    .from(definition.table)
    .where(and(ownRows(definition, pickerScope(picker, scope, request)), eq(definition.columns.id, id)))
    .limit(1)) as Record<string, unknown>[];
  if (offered) return offered;
  await findRecord(tx, definition, scope, id);
  throw outsidePicker(picker, `${definition.name} ${id}`);
}

/** The reply writes its JSON with the picker's serializer (its fields, no other). */
export function answerAsPicker(reply: FastifyReply, serializer: (payload: unknown) => string): void {
  reply.type('application/json; charset=utf-8').serializer(serializer);
}

/** A row reduced to the picker's fields. */
export const pickerRow = (picker: Picker, row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(picker.fields.filter((name) => name in row).map((name) => [name, row[name]]));

/**
 * On a write of an approvable document that its data scope refuses: a reference whose target's
 * picker narrows its rows (an employee: the caller's own), whose view permission the caller lacks
 * and which names a record that picker does not offer is refused 403 FORBIDDEN naming that view
 * permission (an employee files for themselves: naming another takes `worker.view`); otherwise
 * the data scope's own refusal (400 on the field) stands.
 */
export async function refuseUnpickable(
  tx: Tx,
  document: ResourceDefinition,
  grants: ReadonlyMap<string, PickerGrant>,
  values: Record<string, unknown>,
  scope: Scope,
  may: (code: PermissionCode) => boolean,
): Promise<void> {
  if (!document.approval || !document.contract) return;
  for (const [name, field] of Object.entries(document.contract.fields as Record<string, ReferenceLike>)) {
    const value = values[name];
    if (field.kind !== 'reference' || !field.target || typeof value !== 'string') continue;
    const target = grants.get(field.target.resource)?.definition;
    const rows = target?.declaration.picker?.rows;
    if (!target || !rows) continue;
    const view = target.permissionFor('view') as PermissionCode;
    if (may(view)) continue;
    const found = await tx
      .select({ id: target.columns.id })
      .from(target.table)
      .where(and(eq(target.columns.id, value), rows(scope, may)))
      .limit(1);
    if (found.length === 0)
      throw new AppError(
        403,
        ErrorCodes.forbidden,
        `${name}: without ${view} a document is filed only for what its picker offers you (your own record)`,
        undefined,
        undefined,
        { permissions: [view] },
      );
  }
}
