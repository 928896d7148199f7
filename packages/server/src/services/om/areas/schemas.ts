import Type from 'typebox';
import { AreaGenerations, AreaTypes } from '../../../db/tables/areas.ts';
import { pagingQuery } from '../../../http/paging-query.ts';

const Generation = Type.Unsafe<(typeof AreaGenerations)[number]>({
  type: 'string',
  enum: [...AreaGenerations],
  default: 'CURRENT',
  description: 'CURRENT: the two-level model since 1 July 2025 (default); FORMER: the 63 provinces before it',
});
const AreaTypeSchema = Type.Unsafe<(typeof AreaTypes)[number]>({ type: 'string', enum: [...AreaTypes] });

/** One province, district or ward. */
export const Area = Type.Object({
  code: Type.String({
    description: 'the national statistics code: 2 digits a province, 3 a district, 5 a ward',
  }),
  name: Type.String({ description: 'the official name with its kind: "Phường Bến Thành"' }),
  shortName: Type.String({ description: 'without the kind: "Bến Thành" ("Phường 12" stays whole)' }),
  division: Type.String({
    description: 'the kind: Tỉnh, Thành phố, Quận, Huyện, Thị xã, Phường, Xã, Thị trấn, Đặc khu',
  }),
  type: AreaTypeSchema,
  generation: Generation,
  parentCode: Type.Union([Type.String(), Type.Null()]),
  parentName: Type.Union([Type.String(), Type.Null()]),
});
export type Area = Type.Static<typeof Area>;

/** One area with the areas above it, province first. */
export const AreaDetail = Type.Object({
  ...Area.properties,
  ancestors: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), type: AreaTypeSchema })),
});
export type AreaDetail = Type.Static<typeof AreaDetail>;

export const GenerationQuery = Type.Object(
  { generation: Type.Optional(Generation) },
  { additionalProperties: false },
);

export const CodeParams = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{2,5}$', description: 'an area code' }) },
  { additionalProperties: false },
);

/** A keyword is matched without diacritics or case anywhere in the name, or equal to the code. */
export const AreaSearchQuery = Type.Object(
  {
    keyword: Type.Optional(
      Type.String({
        maxLength: 100,
        // Tab and line breaks too: no area name holds them (the other control characters are
        // refused on every route).
        pattern: '^[^\\t\\n\\r]*$',
        description:
          'matched without diacritics or case anywhere in the name ("ho chi minh"), or equal to the code',
      }),
    ),
    type: Type.Optional(AreaTypeSchema),
    generation: Type.Optional(Generation),
    ...pagingQuery,
  },
  { additionalProperties: false },
);
export type AreaSearchQuery = Type.Static<typeof AreaSearchQuery>;
