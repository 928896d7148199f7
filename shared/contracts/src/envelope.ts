import Type, { type TSchema } from 'typebox';

/**
 * One field's problem, with the spec's error key (catalogues §5.3), e.g. error.required, and the
 * values its message carries (FieldErrorParams: `required` and `actual` of a length, minimum or
 * maximum; `format` and `example` of a pattern). `message` is the server's English words for
 * logs and API callers: the browser writes the key's text in its language instead.
 */
export const FieldError = Type.Object({
  field: Type.String(),
  code: Type.String(),
  message: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});
export type FieldError = Type.Static<typeof FieldError>;

/**
 * Every error answer: HTTP status plus this body. The browser tells the user the text of `code`
 * in their language (shared/session notices.ts), never `message` (English, for logs and API
 * callers); `params` are the specifics that text carries (ErrorParams in error-codes.ts).
 */
export const ErrorEnvelope = Type.Object({
  code: Type.String(),
  message: Type.String(),
  errors: Type.Optional(Type.Array(FieldError)),
  params: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Array(Type.String())])),
  ),
});
export type ErrorEnvelope = Type.Static<typeof ErrorEnvelope>;

export const PageInfo = Type.Object({
  pageIndex: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  /** the rows that match; a lower bound when totalCapped (docs/lists.md) */
  total: Type.Integer({ minimum: 0 }),
  /**
   * true when counting stopped at a cap (Paging.totalCap, or past the page asked for) instead of
   * reading every match: there are more than `total` rows. Absent or false: `total` is exact.
   */
  totalCapped: Type.Optional(Type.Boolean()),
  /**
   * the position after this page's last row, for `cursor=` of the next page (keyset paging:
   * rows after it in the same sort, however deep), when asked (`keyset=true` or a cursor).
   * Absent: not asked, a page shorter than pageSize (the last), or a sort that cannot be keyset
   * paged (a derived column). A full last page has one; the page after it is empty.
   */
  nextCursor: Type.Optional(Type.String()),
});
export type PageInfo = Type.Static<typeof PageInfo>;

/** `{ data: T }` */
export const DataEnvelope = <T extends TSchema>(data: T) => Type.Object({ data });
export type DataEnvelope<T> = { data: T };

/** `{ data: T[], page }` */
export const PageEnvelope = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), page: PageInfo });
export type PageEnvelope<T> = { data: T[]; page: PageInfo };

/**
 * A dependent look-up asked without the id it depends on (catalogues §7.4: "missing subject id
 * or salary grade id: warning and empty result"): 200 with empty data and this warning, which
 * the browser shows as a warning toast instead of an error.
 */
export const LookupWarning = Type.Object({ code: Type.String(), message: Type.String() });
export type LookupWarning = Type.Static<typeof LookupWarning>;

/** The warning code of a look-up asked without the id it depends on. */
export const LOOKUP_ID_MISSING = 'LOOKUP_ID_MISSING';

/** `{ data: T, warning? }`: a dependent look-up's answer. */
export const LookupEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ data, warning: Type.Optional(LookupWarning) });
export type LookupEnvelope<T> = { data: T; warning?: LookupWarning };
