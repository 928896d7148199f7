import { FieldLimits, Profile, UserPrimary } from '@hcm/contracts';
import Type from 'typebox';

/**
 * Body of POST /api/iam/me/profile. Local until @hcm/contracts carries it (see README). The
 * language is accepted in any case (vi, VI) and stored lower-case.
 */
export const UpdateProfileBody = Type.Object(
  {
    fullName: Type.Optional(Type.String({ minLength: 1, maxLength: FieldLimits.name })),
    email: Type.Optional(
      Type.Union([Type.String({ maxLength: FieldLimits.email, format: 'email' }), Type.Null()]),
    ),
    language: Type.Optional(Type.String({ pattern: '^(?:[vV][iI]|[eE][nN])$' })),
  },
  { additionalProperties: false },
);
export type UpdateProfileBody = Type.Static<typeof UpdateProfileBody>;

/**
 * The Profile contract with its two enumerations typed as unions. In @hcm/contracts they are
 * built with `Type.Union(list.map(...))`, an array rather than a tuple, which TypeBox types
 * as `never`; the JSON schema is the same. Drop this once contracts builds them from tuples.
 */
export const ProfileResponse = Type.Object({
  ...Profile.properties,
  language: Type.Union([Type.Literal('vi'), Type.Literal('en')]),
  userPrimary: Type.Object({
    ...UserPrimary.properties,
    userLevel: Type.Union([Type.Literal('SYSTEM'), Type.Literal('TENANT')]),
  }),
});
export type ProfileResponse = Type.Static<typeof ProfileResponse>;
