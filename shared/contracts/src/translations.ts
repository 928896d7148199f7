import Type from 'typebox';
import { describedPattern } from './pattern-formats.ts';
import { Languages } from './enums.ts';

/** A message code: dot-separated segments of letters, digits, `_` and `-` (e.g. model.login.error.unauthorized). */
export const TRANSLATION_CODE_PATTERN = describedPattern(
  '^[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*$',
  'translationCode',
  'menu.organization.units',
);
export const TRANSLATION_CODE_MAX = 200;
export const TRANSLATION_VALUE_MAX = 2000;

/** Query of GET /api/system/public/messages. */
export const PublicMessagesQuery = Type.Object(
  { language: Type.Union(Languages.map((l) => Type.Literal(l))) },
  { additionalProperties: false },
);
export type PublicMessagesQuery = Type.Static<typeof PublicMessagesQuery>;

/** One message text in the asked language (core §7: "response data array of code/value"). */
export const PublicMessage = Type.Object({ code: Type.String(), value: Type.String() });
export type PublicMessage = Type.Static<typeof PublicMessage>;
