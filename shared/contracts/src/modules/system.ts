import { ApplicationModules, type ApplicationModule } from '../enums.ts';
import { FieldLimits } from '../limits.ts';
import { TRANSLATION_CODE_MAX, TRANSLATION_CODE_PATTERN, TRANSLATION_VALUE_MAX } from '../translations.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';

/** The largest price: numeric(15, 0) in SQL, exact as a JSON number. */
export const MAX_SERVICE_PACK_PRICE = 999_999_999_999_999;

const moduleLabels = Object.fromEntries(
  ApplicationModules.map((module) => [
    module,
    label(
      `applicationModule.${module.toLowerCase().replace(/_(.)/g, (_, c: string) => c.toUpperCase())}`,
      module,
      module,
    ),
  ]),
) as Record<ApplicationModule, Label>;

/** Service packs (catalogues §3): what a tenant buys; privileges are the modules it unlocks. */
export const servicePackContract = defineContract({
  service: 'system',
  path: 'service-packs',
  route: '/system/service-pack',
  permission: 'service_pack',
  level: 'system',
  title: label('system.servicePack.title', 'Gói dịch vụ', 'Service packs'),
  singular: label('system.servicePack.singular', 'Gói dịch vụ', 'Service pack'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    price: f.integer({
      label: label('system.servicePack.price', 'Giá (VND)', 'Price (VND)'),
      required: true,
      maximum: MAX_SERVICE_PACK_PRICE,
    }),
    duration: f.integer({
      label: label('system.servicePack.duration', 'Thời hạn (tháng)', 'Duration (months)'),
      required: true,
      minimum: 1,
      maximum: 1200,
    }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
    servicePackPrivileges: f.enumSet({
      label: label('system.servicePack.privileges', 'Phân hệ được dùng', 'Application modules'),
      valueLabels: moduleLabels,
    }),
  },
  columns: ['code', 'name', 'price', 'duration', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name'],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'price', 'duration', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'price', 'duration', 'description'] },
    {
      title: label('system.servicePack.privilegesSection', 'Quyền sử dụng', 'Privileges'),
      fields: ['servicePackPrivileges'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'price',
    'duration',
    'description',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'price', 'duration', 'description'],
});
export type ServicePackRecord = RecordOf<typeof servicePackContract>;

const translationText = (key: string, vi: string, en: string) =>
  f.text({
    label: label(key, vi, en),
    maxLength: Math.max(TRANSLATION_VALUE_MAX, FieldLimits.content),
    required: true,
    multiline: true,
  });

/**
 * System › Language (catalogues §7.6): one message code's Vietnamese and English text; the
 * active ones override the built-in dictionaries (public messages).
 */
export const languageContract = defineContract({
  service: 'system',
  path: 'languages',
  route: '/system/language',
  permission: 'language',
  level: 'system',
  title: label('system.language.title', 'Ngôn ngữ', 'Languages'),
  singular: label('system.language.singular', 'Thông điệp', 'Message'),
  fields: {
    code: f.text({
      label: label('system.language.code', 'Mã thông điệp', 'Message code'),
      maxLength: TRANSLATION_CODE_MAX,
      pattern: TRANSLATION_CODE_PATTERN,
      required: true,
      unique: true,
      example: (n: number) => `message.example_${n}`,
    }),
    valueVi: translationText('system.language.valueVi', 'Tiếng Việt', 'Vietnamese'),
    valueEn: translationText('system.language.valueEn', 'Tiếng Anh', 'English'),
    status: f.status(),
  },
  columns: ['code', 'valueVi', 'valueEn', 'status', 'lastModifiedAt'],
  keyword: ['code', 'valueVi', 'valueEn'],
  filters: ['status', 'code'],
  sort: ['code', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [{ title: CommonLabels.general, fields: ['code', 'valueVi', 'valueEn'] }],
  exportColumns: ['code', 'valueVi', 'valueEn', 'status', 'createdAt', 'lastModifiedAt'],
});
export type LanguageRecord = RecordOf<typeof languageContract>;

export const systemContracts = [servicePackContract, languageContract] as const;
