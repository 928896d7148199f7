import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/** core.md "Document template": what a template is for. */
export const DocumentTemplateTypes = {
  RECORDS: label('setting.documentTemplate.types.records', 'Hồ sơ', 'Records'),
  CONTRACT: label('setting.documentTemplate.types.contract', 'Hợp đồng', 'Contract'),
  ANNEX_CONTRACT: label('setting.documentTemplate.types.annexContract', 'Phụ lục hợp đồng', 'Contract annex'),
  APPOINTMENT: label('setting.documentTemplate.types.appointment', 'Bổ nhiệm', 'Appointment'),
  DISMISSED: label('setting.documentTemplate.types.dismissed', 'Miễn nhiệm', 'Dismissal'),
  TRANSFER: label('setting.documentTemplate.types.transfer', 'Điều chuyển', 'Transfer'),
  RESIGN: label('setting.documentTemplate.types.resign', 'Nghỉ việc', 'Resignation'),
  REWARD: label('setting.documentTemplate.types.reward', 'Khen thưởng', 'Reward'),
  DISCIPLINE: label('setting.documentTemplate.types.discipline', 'Kỷ luật', 'Discipline'),
  ATTENDANCE: label('setting.documentTemplate.types.attendance', 'Chấm công', 'Attendance'),
  PAYROLL: label('setting.documentTemplate.types.payroll', 'Bảng lương', 'Payroll'),
  LEAVE_REQUEST: label('setting.documentTemplate.types.leaveRequest', 'Đơn nghỉ phép', 'Leave request'),
  COMMUNICATION: label('setting.documentTemplate.types.communication', 'Truyền thông', 'Communication'),
  BUSINESS_TRIP: label('setting.documentTemplate.types.businessTrip', 'Công tác', 'Business trip'),
  WORK_PLAN: label('setting.documentTemplate.types.workPlan', 'Kế hoạch công việc', 'Work plan'),
  LEADER_WORK_PLAN: label(
    'setting.documentTemplate.types.leaderWorkPlan',
    'Lịch công tác lãnh đạo',
    'Leader work plan',
  ),
};
export type DocumentTemplateType = keyof typeof DocumentTemplateTypes;

/** core.md "Document template": the narrower case a template serves within its type. */
export const DocumentTemplateSubTypes = {
  PROBATIONARY: label('setting.documentTemplate.subTypes.probationary', 'Thử việc', 'Probationary'),
  OFFICIALLY: label('setting.documentTemplate.subTypes.officially', 'Chính thức', 'Official'),
  PERSONNEL: label('setting.documentTemplate.subTypes.personnel', 'Nhân sự', 'Personnel'),
  ORGANIZATION_UNIT: label(
    'setting.documentTemplate.subTypes.organizationUnit',
    'Đơn vị',
    'Organisation unit',
  ),
  PERSONNEL_AND_ORG: label(
    'setting.documentTemplate.subTypes.personnelAndOrg',
    'Nhân sự và đơn vị',
    'Personnel and unit',
  ),
  ABSENT: label('setting.documentTemplate.subTypes.absent', 'Vắng mặt', 'Absence'),
  TRAVEL: label('setting.documentTemplate.subTypes.travel', 'Đi lại', 'Travel'),
};
export type DocumentTemplateSubType = keyof typeof DocumentTemplateSubTypes;

/** The extensions a document template may be: the documents the widgets fill in. */
export const DOCUMENT_TEMPLATE_EXTENSIONS = ['docx', 'xlsx'] as const;

/**
 * Admin › form templates › document templates (catalogues §2.1, core.md "Document template"):
 * a .docx or .xlsx file stored by the storage service, with the type (and sub-types) of paper
 * it makes. fileExtension is taken from the file by the server, never written by the client.
 * The auto-complete (catalogues §7.4) also takes `types` and `subTypes` (each repeatable) and
 * answers ACTIVE templates only. There is no spreadsheet import: a row cannot carry the file.
 */
export const documentTemplateContract = defineContract({
  service: 'system',
  level: 'tenant',
  path: 'document-templates',
  route: '/setting/document-template',
  permission: 'document_template',
  title: ResourceTitles.document_template,
  singular: label('setting.documentTemplate.singular', 'Mẫu tài liệu', 'Document template'),
  fields: {
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    type: f.enumOf({
      label: label('setting.documentTemplate.type', 'Loại mẫu', 'Template type'),
      required: true,
      valueLabels: DocumentTemplateTypes,
    }),
    subTypes: f.enumSet({
      label: label('setting.documentTemplate.subTypesField', 'Loại chi tiết', 'Sub-types'),
      valueLabels: DocumentTemplateSubTypes,
    }),
    file: f.file({
      label: label('setting.documentTemplate.file', 'Tệp mẫu', 'Template file'),
      required: true,
      ownerType: 'DOCUMENT_TEMPLATE',
      accept: DOCUMENT_TEMPLATE_EXTENSIONS,
    }),
    fileExtension: f.text({
      label: label('setting.documentTemplate.fileExtension', 'Định dạng', 'File type'),
      maxLength: 10,
      example: () => 'docx',
    }),
    note: f.text({
      label: label('setting.documentTemplate.note', 'Ghi chú', 'Note'),
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
  },
  columns: ['name', 'type', 'fileExtension', 'status', 'lastModifiedBy', 'lastModifiedAt'],
  // the template picker (@hcm/widgets) shows the note and hands each chosen row on whole: its
  // sub-types and its file (a list row carries its columns only, and these)
  listExtras: ['subTypes', 'file', 'note'],
  keyword: ['name'],
  filters: ['status', 'type'],
  sort: ['name', 'type', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'lastModifiedAt', direction: 'desc' },
  sections: [{ title: CommonLabels.general, fields: ['name', 'type', 'subTypes', 'file', 'note'] }],
  exportColumns: ['name', 'type', 'file', 'fileExtension', 'note', 'status', 'lastModifiedAt'],
  without: ['import'],
});
export type DocumentTemplateRecord = RecordOf<typeof documentTemplateContract>;

/**
 * Admin › user manuals (catalogues §2.1): the guides every user may read (the guideline viewer,
 * core.md), one list kept by the system administrators for every tenant. A manual is a file
 * (PDF, Word, Excel, PowerPoint or an image); GET /api/system/user-manuals/find-all-active
 * lists the active ones to any signed-in user. No spreadsheet import: a row cannot carry the file.
 */
export const userManualContract = defineContract({
  service: 'system',
  level: 'both',
  path: 'user-manuals',
  route: '/setting/user-manual',
  permission: 'user_manual',
  title: ResourceTitles.user_manual,
  singular: label('setting.userManual.singular', 'Hướng dẫn sử dụng', 'User manual'),
  fields: {
    title: f.text({
      label: label('setting.userManual.titleField', 'Tiêu đề', 'Title'),
      maxLength: FieldLimits.name,
      required: true,
    }),
    file: f.file({
      label: label('setting.userManual.file', 'Tệp hướng dẫn', 'Manual file'),
      required: true,
      ownerType: 'USER_MANUAL',
      accept: ['pdf', 'docx', 'xlsx', 'pptx', 'png', 'jpg', 'jpeg'],
    }),
    note: f.text({
      label: label('setting.userManual.note', 'Ghi chú', 'Note'),
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    priority: f.integer({ label: CommonLabels.priority, maximum: 9999 }),
    status: f.status(),
  },
  columns: ['title', 'file', 'priority', 'status', 'lastModifiedAt'],
  keyword: ['title'],
  filters: ['status'],
  sort: ['title', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [{ title: CommonLabels.general, fields: ['title', 'file', 'note', 'priority'] }],
  exportColumns: ['title', 'file', 'note', 'priority', 'status', 'lastModifiedAt'],
  without: ['import'],
});
export type UserManualRecord = RecordOf<typeof userManualContract>;
