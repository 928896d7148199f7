import { FieldLimits, Paging } from '@hcm/contracts';
import Type, { type TSchema } from 'typebox';
import { ActionLogActions } from '../../../resources/action-log/record-actions.ts';
import { pagingQuery } from '../../../http/paging-query.ts';

const Uuid = Type.String({ format: 'uuid' });
const Action = Type.Unsafe<string>({ type: 'string', enum: [...ActionLogActions] });
const oneOrMany = (schema: TSchema) =>
  Type.Optional(Type.Union([schema, Type.Array(schema, { minItems: 1, maxItems: Paging.maxPageSize })]));

/** One entry of the action log. `changes` holds only the fields that changed. */
export const ActionLog = Type.Object({
  id: Uuid,
  userId: Type.Union([Uuid, Type.Null()]),
  /** the user's name now (null once the user is gone) */
  username: Type.Union([Type.String(), Type.Null()]),
  resource: Type.String(),
  recordId: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  changes: Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() })),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

export const ActionLogQuery = Type.Object(
  {
    resource: oneOrMany(Type.String({ pattern: '^[a-z][a-z0-9_]{0,99}$' })),
    action: oneOrMany(Action),
    userId: Type.Optional(Uuid),
    recordId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'created at or after' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'created before' })),
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

export interface ActionLogFilters {
  resource?: string | string[];
  action?: string | string[];
  userId?: string;
  recordId?: string;
  from?: string;
  to?: string;
  pageIndex?: number;
  pageSize?: number;
  sortBy?: string;
}
