import type { AnyResourceContract } from '../resource/contract.ts';
import type { FieldContract, FieldContracts, ScalarField } from '../resource/fields.ts';
import { label, type Label } from '../resource/label.ts';
import type { DocumentTemplateType } from './document-templates.ts';
import { laborContractContract } from './labor-contracts.ts';
import {
  disciplineContract,
  displacementContract,
  resignationContract,
  rewardContract,
} from './personnel-changes.ts';
import { workerContract } from './workers.ts';

/*
 * Documents from templates (issue 11 item 4): a record printed through a .docx template of its
 * type. The placeholders a template may use are derived here from the record's contract, so a
 * field added to a contract is printable with no other change, and the server (which fills and
 * checks them) and the browser (which lists them for the template's author) read one list.
 *
 * A field `name` gives `{name}`; a reference gives the referred record's name under the field's
 * name less its "Id" (`{contractType}`); an enum its label; a date `dd/MM/yyyy` and its parts
 * (`{effectiveDate.day}`, `.month`, `.year`); money `12.000.000` and in words
 * (`{salary.inWords}`: "Mười hai triệu đồng"). A child list is a loop
 * (`{#allowances}{allowanceType}: {amount}{/allowances}`). The record's employee is under
 * `worker.` (`{worker.fullName}`), the tenant under `company.`, and the day of printing is
 * `{today}`.
 */

/** What a placeholder holds: the browser shows it to the template's author; the server fills it. */
export interface MergeField {
  /** the placeholder, without braces */
  readonly key: string;
  readonly label: Label;
  /** a loop's fields (a child list): `{#key}…{/key}` */
  readonly items?: readonly MergeField[];
}

/** A record kind that prints through templates, and the template types it prints with. */
export interface DocumentKind {
  readonly contract: AnyResourceContract;
  /** every type a record of this kind may print with */
  readonly templateTypes: readonly DocumentTemplateType[];
  /** the type one record prints with (an annex, an appointment and a transfer differ) */
  templateTypeOf(record: Readonly<Record<string, unknown>>): DocumentTemplateType;
  /** the reference field naming the employee, whose record is under `worker.` (`id`: the record is the employee) */
  readonly workerField: string;
  /** the record's own fields left out of its documents */
  readonly omit?: readonly string[];
}

/** The employee's fields left out of documents: the sign-in account says nothing on paper. */
export const WORKER_FIELDS_NOT_PRINTED: readonly string[] = ['userId'];

const ASSIGNMENT_TEMPLATE_TYPES = {
  TRANSFER: 'TRANSFER',
  APPOINTMENT: 'APPOINTMENT',
  DISMISSAL: 'DISMISSED',
} as const satisfies Record<string, DocumentTemplateType>;

const fixed = (contract: AnyResourceContract, type: DocumentTemplateType): DocumentKind => ({
  contract,
  templateTypes: [type],
  templateTypeOf: () => type,
  workerField: 'workerId',
});

/** The records that print, by their permission resource. */
export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  {
    contract: laborContractContract,
    templateTypes: ['CONTRACT', 'ANNEX_CONTRACT'],
    templateTypeOf: (record) => (record.parentContractId ? 'ANNEX_CONTRACT' : 'CONTRACT'),
    workerField: 'workerId',
  },
  {
    contract: displacementContract,
    templateTypes: Object.values(ASSIGNMENT_TEMPLATE_TYPES),
    templateTypeOf: (record) =>
      ASSIGNMENT_TEMPLATE_TYPES[String(record.assignmentType) as keyof typeof ASSIGNMENT_TEMPLATE_TYPES] ??
      'TRANSFER',
    workerField: 'workerId',
  },
  // the employee's own file (sơ yếu lý lịch): their fields, and their family, education, past
  // work and research as loops; `worker.` is the record itself, for templates shared with decisions
  { ...fixed(workerContract, 'RECORDS'), workerField: 'id', omit: WORKER_FIELDS_NOT_PRINTED },
  fixed(resignationContract, 'RESIGN'),
  fixed(rewardContract, 'REWARD'),
  fixed(disciplineContract, 'DISCIPLINE'),
];

/** The kind a contract prints as, when it prints at all. */
export const documentKindOf = (contract: AnyResourceContract): DocumentKind | undefined =>
  DOCUMENT_KINDS.find((kind) => kind.contract.permission === contract.permission);

/** `/api/om/contracts/{id}/document?templateId=…`: the filled .docx. */
export const documentPath = (contract: AnyResourceContract, id: string) =>
  `${contract.apiPath}/${encodeURIComponent(id)}/document`;

const l = (key: string, vi: string, en: string) => label(`document.${key}`, vi, en);
const derived = (base: Label, suffix: string, vi: string, en: string): Label => ({
  key: `${base.key}${suffix}`,
  vi: `${base.vi} (${vi})`,
  en: `${base.en} (${en})`,
});

/**
 * The placeholder of a field: a reference drops its "Id" (`contractTypeId` → `contractType`), an
 * area its "Code" (`permanentProvinceCode` → `permanentProvince`): each prints the name.
 */
export const placeholderOf = (name: string, field: FieldContract) =>
  (field.kind === 'reference' || field.kind === 'treeParent') && name.endsWith('Id') && name.length > 2
    ? name.slice(0, -2)
    : field.kind === 'area' && name.endsWith('Code') && name.length > 4
      ? name.slice(0, -4)
      : name;

const NOT_PRINTED = new Set(['file', 'files', 'image']);

function scalarFields(name: string, field: ScalarField | FieldContract, prefix: string): MergeField[] {
  if (NOT_PRINTED.has(field.kind)) return [];
  const key = `${prefix}${placeholderOf(name, field)}`;
  const own: MergeField = { key, label: field.label };
  if (field.kind === 'date')
    return [
      own,
      { key: `${key}.day`, label: derived(field.label, 'Day', 'ngày', 'day') },
      { key: `${key}.month`, label: derived(field.label, 'Month', 'tháng', 'month') },
      { key: `${key}.year`, label: derived(field.label, 'Year', 'năm', 'year') },
    ];
  if (field.kind === 'money')
    return [own, { key: `${key}.inWords`, label: derived(field.label, 'InWords', 'bằng chữ', 'in words') }];
  return [own];
}

/** The placeholders of a contract's fields, each key after `prefix` (`worker.`). */
export function fieldPlaceholders(
  fields: FieldContracts,
  options: { prefix?: string; omit?: readonly string[]; loops?: boolean } = {},
): MergeField[] {
  const { prefix = '', omit = [], loops = true } = options;
  return Object.entries(fields).flatMap(([name, field]): MergeField[] => {
    if (omit.includes(name)) return [];
    if (field.kind === 'children') {
      if (!loops) return [];
      const items = Object.entries(field.fields).flatMap(([item, spec]) => scalarFields(item, spec, ''));
      return [{ key: `${prefix}${name}`, label: field.label, items }];
    }
    if (field.kind === 'references' || field.kind === 'enumSet')
      return [{ key: `${prefix}${name}`, label: field.label }];
    return scalarFields(name, field, prefix);
  });
}

/** The tenant, as its record in System › Tenants has it. */
export const COMPANY_PLACEHOLDERS: readonly MergeField[] = [
  { key: 'company.name', label: l('companyName', 'Tên đơn vị (công ty)', 'Company name') },
  { key: 'company.code', label: l('companyCode', 'Mã đơn vị', 'Company code') },
  { key: 'company.taxCode', label: l('companyTaxCode', 'Mã số thuế', 'Tax code') },
  { key: 'company.address', label: l('companyAddress', 'Địa chỉ công ty', 'Company address') },
  { key: 'company.phone', label: l('companyPhone', 'Điện thoại công ty', 'Company phone') },
  { key: 'company.email', label: l('companyEmail', 'Email công ty', 'Company email') },
];

const TODAY = l('today', 'Ngày lập văn bản', 'Date of the document');
export const TODAY_PLACEHOLDERS: readonly MergeField[] = [
  { key: 'today', label: TODAY },
  { key: 'today.day', label: derived(TODAY, 'Day', 'ngày', 'day') },
  { key: 'today.month', label: derived(TODAY, 'Month', 'tháng', 'month') },
  { key: 'today.year', label: derived(TODAY, 'Year', 'năm', 'year') },
];

/** Every placeholder a template of this kind may use, in the order the author reads them. */
export function documentPlaceholders(kind: DocumentKind): MergeField[] {
  return [
    ...fieldPlaceholders(kind.contract.fields, { omit: kind.omit ?? [] }),
    ...fieldPlaceholders(workerContract.fields, {
      prefix: 'worker.',
      omit: WORKER_FIELDS_NOT_PRINTED,
      loops: false,
    }),
    ...COMPANY_PLACEHOLDERS,
    ...TODAY_PLACEHOLDERS,
  ];
}
