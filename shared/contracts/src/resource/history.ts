import Type from 'typebox';

/*
 * A record's change history (issue 27 §8): who changed which field from what to what, and when,
 * read from the action log. GET {resource}/{id}/changes (the worker's /history is his contracts and decisions), with the record's view permission and
 * inside the caller's data scope; newest first, keyset paged by `cursor`.
 */

/** The sub-path of a record's history under its resource's base path. */
export const changeHistoryPathOf = (basePath: string, id: string) =>
  `${basePath}/${encodeURIComponent(id)}/changes`;

export const HISTORY_PAGE = { default: 20, max: 100 } as const;

export const RecordHistoryQuery = Type.Object(
  {
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_PAGE.max })),
    cursor: Type.Optional(
      Type.String({ maxLength: 200, description: 'the `next` of the page before; absent: the newest' }),
    ),
  },
  { additionalProperties: false },
);
export type RecordHistoryQuery = Type.Static<typeof RecordHistoryQuery>;

/** One field's change, values as the API answers them (ids, yyyy-MM-dd, decimal strings). */
export const FieldChange = Type.Object({
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type FieldChange = Type.Static<typeof FieldChange>;

export const HistoryEntry = Type.Object({
  id: Type.String({ format: 'uuid' }),
  at: Type.String({ format: 'date-time' }),
  action: Type.String({ description: 'CREATE, UPDATE, DELETE, ACTIVE, INACTIVE, IMPORT, …' }),
  userId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  /** the author's full name, null for the system (a date sweep) or a user since deleted */
  userName: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Array(FieldChange),
});
export type HistoryEntry = Type.Static<typeof HistoryEntry>;

export const RecordHistoryPage = Type.Object({
  data: Type.Array(HistoryEntry),
  /** the cursor of the next (older) page; null: this is the oldest */
  next: Type.Union([Type.String(), Type.Null()]),
});
export type RecordHistoryPage = Type.Static<typeof RecordHistoryPage>;
