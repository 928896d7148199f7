import Type, { type TSchema } from 'typebox';

/** One field's problem, with the spec's error key (catalogues §5.3), e.g. error.required. */
export const FieldError = Type.Object({
  field: Type.String(),
  code: Type.String(),
  message: Type.String(),
});
export type FieldError = Type.Static<typeof FieldError>;

/** Every error answer: HTTP status plus this body. */
export const ErrorEnvelope = Type.Object({
  code: Type.String(),
  message: Type.String(),
  errors: Type.Optional(Type.Array(FieldError)),
});
export type ErrorEnvelope = Type.Static<typeof ErrorEnvelope>;

export const PageInfo = Type.Object({
  pageIndex: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
});
export type PageInfo = Type.Static<typeof PageInfo>;

/** `{ data: T }` */
export const DataEnvelope = <T extends TSchema>(data: T) => Type.Object({ data });
export type DataEnvelope<T> = { data: T };

/** `{ data: T[], page }` */
export const PageEnvelope = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), page: PageInfo });
export type PageEnvelope<T> = { data: T[]; page: PageInfo };
