import {
  FieldLimits,
  TRANSLATION_CODE_MAX,
  TRANSLATION_CODE_PATTERN,
  TRANSLATION_VALUE_MAX,
} from '@hcm/contracts';
import Type from 'typebox';
import { translations } from '../../../db/schema.ts';
import { defineResource, field } from '../../../resources/index.ts';
import type { FieldSpec } from '../../../resources/types.ts';

/** A message code such as model.login.error.unauthorized: unique in any case. */
const messageCode: FieldSpec = {
  kind: 'text',
  schema: Type.String({ minLength: 1, maxLength: TRANSLATION_CODE_MAX, pattern: TRANSLATION_CODE_PATTERN }),
  required: true,
  unique: true,
  label: { vi: 'Mã thông điệp', en: 'Message code' },
  rules: {
    vi: `Bắt buộc, không trùng. Tối đa ${TRANSLATION_CODE_MAX} ký tự: các đoạn chữ, số, gạch dưới, gạch ngang nối bằng dấu chấm.`,
    en: `Required, unique. At most ${TRANSLATION_CODE_MAX} characters: segments of letters, digits, underscores or hyphens joined by dots.`,
  },
  example: (n) => `message.example_${n}`,
};

const text = (label: { vi: string; en: string }) =>
  field.text(Math.max(TRANSLATION_VALUE_MAX, FieldLimits.content), { required: true, label });

/**
 * System › Language (catalogues §7.6 "Languages"): /api/system/languages, permission language.
 * Each row gives one message code its Vietnamese and English text; the active ones are served
 * without sign-in at /api/system/public/messages and override the built-in dictionaries.
 */
export const translationResource = defineResource({
  service: 'system',
  path: 'languages',
  permission: 'language',
  scope: 'system',
  table: translations,
  title: { vi: 'Ngôn ngữ', en: 'Languages' },
  fields: {
    code: messageCode,
    valueVi: text({ vi: 'Tiếng Việt', en: 'Vietnamese' }),
    valueEn: text({ vi: 'Tiếng Anh', en: 'English' }),
    status: field.status(),
  },
  create: ['code', 'valueVi', 'valueEn', 'status'],
  update: ['code', 'valueVi', 'valueEn'],
  search: ['code', 'valueVi', 'valueEn'],
  filters: ['status', 'code'],
  sort: ['code', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  exportColumns: ['code', 'valueVi', 'valueEn', 'status', 'createdAt', 'lastModifiedAt'],
  importColumns: ['code', 'valueVi', 'valueEn'],
});
