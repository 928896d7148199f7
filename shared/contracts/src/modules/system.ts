import { ApplicationModules, type ApplicationModule } from '../enums.ts';
import { describedPattern } from '../pattern-formats.ts';
import { FieldLimits, Patterns } from '../limits.ts';
import { TRANSLATION_CODE_MAX, TRANSLATION_CODE_PATTERN, TRANSLATION_VALUE_MAX } from '../translations.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

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
  title: ResourceTitles.service_pack,
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

/** A Vietnamese tax code (mã số thuế): 10 digits, or 10 digits, a hyphen and 3 digits (a branch). */
export const TAX_CODE_PATTERN = describedPattern('^[0-9]{10}(-[0-9]{3})?$', 'taxCode', '0101234567-001');
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** A tenant is ACTIVE or SUSPENDED (its users cannot sign in): POST /{id}/suspend and /resume. */
export const TenantStatuses = ['ACTIVE', 'SUSPENDED'] as const;
export type TenantStatus = (typeof TenantStatuses)[number];

/**
 * System › Tenants (catalogues §3): the organisations using the product, kept by system users.
 * Status is not switched by /active and /inactive: suspend and resume are own routes with a
 * reason (services/system/tenants), so "status" is in `without`.
 */
export const tenantContract = defineContract({
  service: 'system',
  path: 'tenants',
  route: '/system/tenant',
  permission: 'tenant',
  level: 'system',
  title: ResourceTitles.tenant,
  singular: label('system.tenant.singular', 'Đơn vị thuê bao', 'Tenant'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    taxCode: f.text({
      label: label('system.tenant.taxCode', 'Mã số thuế', 'Tax code'),
      maxLength: 14,
      pattern: TAX_CODE_PATTERN,
      unique: true,
      hint: label(
        'system.tenant.taxCodeHint',
        '10 chữ số, hoặc 10 chữ số-3 chữ số',
        '10 digits, or 10 digits-3 digits',
      ),
      example: (n: number) => String(1_000_000_000 + n).padStart(10, '0'),
    }),
    address: f.text({
      label: label('system.tenant.address', 'Địa chỉ', 'Address'),
      maxLength: FieldLimits.address,
    }),
    contactName: f.text({
      label: label('system.tenant.contactName', 'Người liên hệ', 'Contact person'),
      maxLength: FieldLimits.name,
    }),
    contactEmail: f.text({
      label: label('system.tenant.contactEmail', 'Email liên hệ', 'Contact email'),
      maxLength: FieldLimits.email,
      pattern: EMAIL_PATTERN,
      example: (n: number) => `contact${n}@example.vn`,
    }),
    contactPhone: f.text({
      label: label('system.tenant.contactPhone', 'Điện thoại liên hệ', 'Contact phone'),
      maxLength: FieldLimits.phoneMax,
      minLength: FieldLimits.phoneMin,
      pattern: Patterns.phone,
      example: (n: number) => `09${String(n).padStart(8, '0')}`,
    }),
    status: f.enumOf({
      label: CommonLabels.status,
      valueLabels: {
        ACTIVE: CommonLabels.active,
        SUSPENDED: label('system.tenant.suspended', 'Tạm ngừng', 'Suspended'),
      } as Record<TenantStatus, Label>,
      defaultValue: 'ACTIVE',
    }),
  },
  columns: ['code', 'name', 'taxCode', 'contactName', 'contactPhone', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name', 'taxCode', 'contactName'],
  filters: ['status', 'code', 'taxCode'],
  sort: ['code', 'name', 'taxCode', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'taxCode', 'address'] },
    {
      title: label('system.tenant.contactSection', 'Liên hệ', 'Contact'),
      fields: ['contactName', 'contactEmail', 'contactPhone'],
    },
  ],
  create: ['code', 'name', 'taxCode', 'address', 'contactName', 'contactEmail', 'contactPhone'],
  exportColumns: [
    'code',
    'name',
    'taxCode',
    'address',
    'contactName',
    'contactEmail',
    'contactPhone',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  without: ['status', 'delete'],
});
export type TenantRecord = RecordOf<typeof tenantContract>;

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
  title: ResourceTitles.language,
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
  // import/sync from a file: a row of a known code updates its texts, a new code is added
  importMatches: 'code',
});
export type LanguageRecord = RecordOf<typeof languageContract>;

export const systemContracts = [servicePackContract, languageContract, tenantContract] as const;
export * from './system-configuration.ts';
export * from './api-clients.ts';
