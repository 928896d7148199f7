import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { documentTemplateContract, userManualContract } from './document-templates.ts';

export * from './document-templates.ts';
import { workflowTemplateContract } from './workflow-templates.ts';

export * from './workflow-templates.ts';

/**
 * Admin › parameter management (catalogues §2.1 "Parameter-management", §7.1
 * "/find-latest-effective"): the tenant's effective-dated parameters — a base salary, an
 * insurance rate, a tax allowance — each code holding one value per effective date, so that a
 * payroll of March 2026 reads the value in force on that day. A code may repeat; a code and a
 * date together may not.
 */
export const parameterContract = defineContract({
  service: 'system',
  level: 'tenant',
  path: 'parameters',
  route: '/setting/parameter-management',
  permission: 'tenant_configuration',
  title: ResourceTitles.tenant_configuration,
  singular: label('setting.parameter.singular', 'Tham số', 'Parameter'),
  fields: {
    code: {
      ...f.code({ label: label('setting.parameter.code', 'Mã tham số', 'Parameter code') }),
      unique: false,
    },
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    value: f.decimal({
      label: label('setting.parameter.value', 'Giá trị', 'Value'),
      required: true,
      precision: 18,
      scale: 3,
    }),
    unit: f.text({
      label: label('setting.parameter.unit', 'Đơn vị', 'Unit'),
      maxLength: 20,
      example: () => 'VND',
    }),
    effectiveDate: f.date({
      label: label('setting.parameter.effectiveDate', 'Ngày hiệu lực', 'Effective from'),
      required: true,
    }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'value', 'unit', 'effectiveDate', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name'],
  filters: ['status', 'code', 'effectiveDate'],
  sort: ['code', 'name', 'effectiveDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'effectiveDate', direction: 'desc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: ['code', 'name', 'value', 'unit', 'effectiveDate', 'description'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'value',
    'unit',
    'effectiveDate',
    'description',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'value', 'unit', 'effectiveDate', 'description'],
});
export type ParameterRecord = RecordOf<typeof parameterContract>;

const channelLabels = {
  EMAIL: label('setting.messageTemplate.channels.email', 'Email', 'Email'),
  NOTIFICATION: label('setting.messageTemplate.channels.notification', 'Thông báo', 'Notification'),
};
const subject = (lang: 'Vi' | 'En', vi: string, en: string) =>
  f.text({
    label: label(`setting.messageTemplate.subject${lang}`, vi, en),
    maxLength: 250,
    required: lang === 'Vi',
  });
const body = (lang: 'Vi' | 'En', vi: string, en: string) =>
  f.text({
    label: label(`setting.messageTemplate.body${lang}`, vi, en),
    maxLength: 10_000,
    multiline: true,
    required: lang === 'Vi',
  });

/**
 * Admin › form templates › email/notification templates: what an email or an in-app
 * notification says, in Vietnamese and in English (the recipient's language picks; English
 * falls back to Vietnamese when left empty), with `{{placeholders}}` the sender fills in. The
 * server refuses a malformed placeholder (an unclosed `{{`, a name with spaces).
 */
export const messageTemplateContract = defineContract({
  service: 'system',
  level: 'tenant',
  path: 'message-templates',
  route: '/setting/email-template',
  permission: 'email_template',
  title: ResourceTitles.email_template,
  singular: label(
    'setting.messageTemplate.singular',
    'Mẫu email, thông báo',
    'Email or notification template',
  ),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    channel: f.enumOf({
      label: label('setting.messageTemplate.channel', 'Kênh gửi', 'Channel'),
      required: true,
      valueLabels: channelLabels,
    }),
    subjectVi: subject('Vi', 'Tiêu đề (tiếng Việt)', 'Subject (Vietnamese)'),
    bodyVi: body('Vi', 'Nội dung (tiếng Việt)', 'Body (Vietnamese)'),
    subjectEn: subject('En', 'Tiêu đề (tiếng Anh)', 'Subject (English)'),
    bodyEn: body('En', 'Nội dung (tiếng Anh)', 'Body (English)'),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'channel', 'subjectVi', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name', 'subjectVi'],
  filters: ['status', 'channel', 'code'],
  sort: ['code', 'name', 'channel', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'channel', 'description'] },
    {
      title: label('setting.messageTemplate.vietnamese', 'Tiếng Việt', 'Vietnamese'),
      fields: ['subjectVi', 'bodyVi'],
    },
    {
      title: label('setting.messageTemplate.english', 'Tiếng Anh', 'English'),
      fields: ['subjectEn', 'bodyEn'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'channel',
    'subjectVi',
    'bodyVi',
    'subjectEn',
    'bodyEn',
    'description',
    'status',
  ],
  importColumns: ['code', 'name', 'channel', 'subjectVi', 'bodyVi', 'subjectEn', 'bodyEn', 'description'],
});
export type MessageTemplateRecord = RecordOf<typeof messageTemplateContract>;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;

/**
 * The placeholders of a template text, or the first malformed piece: a `{{` or `}}` that is
 * not part of a well-formed `{{name}}` (a letter, then letters, digits, dots, underscores).
 */
export function placeholdersOf(text: string): { names: string[] } | { malformed: string } {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
  const rest = text.replace(PLACEHOLDER, ' ');
  const stray = /\{\{|\}\}/.exec(rest);
  if (stray) return { malformed: rest.slice(stray.index, stray.index + 30) };
  return { names: [...new Set(names)] };
}

/** The contracts of Admin settings drawn by the generic pages. */
export const settingContracts = [
  parameterContract,
  messageTemplateContract,
  documentTemplateContract,
  userManualContract,
  workflowTemplateContract,
] as const;
