import { FieldLimits, Paging } from '@hcm/contracts';
import Type, { type TSchema } from 'typebox';
import { pagingQuery } from '../../../http/paging-query.ts';

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const oneOrMany = (schema: TSchema) =>
  Type.Optional(Type.Union([schema, Type.Array(schema, { minItems: 1, maxItems: Paging.maxPageSize })]));

/**
 * Classes of outcome: the answer's status by its hundreds, or `failed` for a call that got no
 * answer (network failure, timeout).
 */
export const OutboundStatusClasses = ['2xx', '3xx', '4xx', '5xx', 'failed'] as const;
export type OutboundStatusClass = (typeof OutboundStatusClasses)[number];

/** One call this server made to another system. */
export const OutboundLog = Type.Object({
  id: Uuid,
  tenantId: Nullable(Uuid),
  /** the x-request-id of the inbound request that caused the call */
  requestId: Nullable(Type.String()),
  target: Type.String(),
  method: Type.String(),
  /** without credentials or signature parameters */
  url: Type.String(),
  /** null: no answer came (see error) */
  status: Nullable(Type.Integer()),
  durationMs: Type.Integer(),
  bytesSent: Nullable(Type.Integer()),
  bytesReceived: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});

export const OutboundLogQuery = Type.Object(
  {
    target: oneOrMany(Type.String({ pattern: '^[a-z][a-z0-9-]{0,49}$' })),
    statusClass: oneOrMany(Type.Unsafe<string>({ type: 'string', enum: [...OutboundStatusClasses] })),
    keyword: Type.Optional(
      Type.String({ minLength: 1, maxLength: FieldLimits.search, description: 'part of the URL' }),
    ),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'made at or after' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'made before' })),
    ...pagingQuery,
    sortBy: Type.Optional(
      Type.String({
        maxLength: FieldLimits.search,
        pattern: '^createdAt\\.(?:asc|desc)$',
        description: 'createdAt.desc (default) or createdAt.asc',
      }),
    ),
  },
  { additionalProperties: false },
);

export interface OutboundLogFilters {
  target?: string | string[];
  statusClass?: OutboundStatusClass | OutboundStatusClass[];
  keyword?: string;
  from?: string;
  to?: string;
  pageIndex?: number;
  pageSize?: number;
  sortBy?: string;
}
