import { ErrorCodes, type FieldError } from '@hcm/contracts';
import { label, type Label } from '@hcm/contracts/resource';
import type { FormulaError } from '@hcm/formula';
import { AppError } from '../../../http/errors.ts';

/*
 * How the payroll module refuses what @hcm/formula finds wrong (docs/payroll-templates.md,
 * "Refusals"): 422 in the API's error envelope, one field error per problem, nothing written. A
 * field error carries the formula language's label key as `code`, its English text as `message`
 * (logs and API callers), and as `params` the message's values, where it is in the formula
 * (start, end, line, column) and the whole text in both languages (`vi`, `en`), which the
 * formula editor shows as is.
 */

type Params = Record<string, string | number>;

/** The payroll module's own refusals beyond the formula language's, in both languages. */
export const PayrollRefusals = {
  missingFromTemplate: label(
    'payrollTemplate.errors.missingFromTemplate',
    '{{component}} đọc thành phần {{name}}, nhưng {{name}} không có trong mẫu bảng lương',
    '{{component}} reads the component {{name}}, which is not in the template',
  ),
  componentUnknown: label(
    'payrollTemplate.errors.componentUnknown',
    'Không có thành phần lương này trong đơn vị sử dụng',
    'There is no such salary component in this tenant',
  ),
  payslipNotInTemplate: label(
    'payrollTemplate.errors.payslipNotInTemplate',
    'Phiếu lương chỉ hiện thành phần của mẫu: {{name}} không có trong mẫu',
    'The payslip shows only the template’s components: {{name}} is not in it',
  ),
  breaksTemplate: label(
    'salaryComponent.errors.breaksTemplate',
    'Thay đổi này làm hỏng mẫu bảng lương {{template}}: {{error}}',
    'This change breaks the payroll template {{template}}: {{error}}',
  ),
  breaksComponent: label(
    'salaryComponent.errors.breaksComponent',
    'Thay đổi này làm hỏng công thức của {{component}}: {{error}}',
    'This change breaks the formula of {{component}}: {{error}}',
  ),
  formulaRequired: label(
    'salaryComponent.errors.formulaRequired',
    'Thành phần tính theo công thức cần có công thức',
    'A formula component needs its formula',
  ),
  usedByTemplates: label(
    'salaryComponent.errors.usedByTemplates',
    'Thành phần {{code}} đang được dùng trong mẫu bảng lương {{templates}}: bỏ khỏi mẫu trước khi xoá',
    'The component {{code}} is used by the payroll template {{templates}}: remove it from the template first',
  ),
  readByComponents: label(
    'salaryComponent.errors.readByComponents',
    'Thành phần {{code}} được đọc trong công thức của {{components}}: sửa các công thức đó trước khi xoá',
    'The component {{code}} is read by the formula of {{components}}: change those formulas first',
  ),
} as const satisfies Record<string, Label>;

export type PayrollRefusal = keyof typeof PayrollRefusals;

/** A value of a message: the same in both languages, or one text each. */
export type Bilingual = string | { readonly vi: string; readonly en: string };

const pick = (text: Bilingual, language: 'vi' | 'en') => (typeof text === 'string' ? text : text[language]);

const render = (template: string, params: Readonly<Record<string, Bilingual>>, language: 'vi' | 'en') =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : pick(value, language);
  });

/** A field error of the payroll module's own, its text in both languages (params in English). */
export function refusalError(
  field: string,
  refusal: PayrollRefusal,
  params: Readonly<Record<string, Bilingual>> = {},
): FieldError {
  const text = PayrollRefusals[refusal];
  const en = render(text.en, params, 'en');
  const flat = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, pick(value, 'en')]));
  return { field, code: text.key, message: en, params: { ...flat, vi: render(text.vi, params, 'vi'), en } };
}

/**
 * A formula error as a field error on `field`: its label key, English message, its values, its
 * place and both texts. `prefix` (a template's code, …) goes before both texts.
 */
export function formulaFieldError(
  field: string,
  error: FormulaError,
  prefix?: { vi: string; en: string },
): FieldError {
  const params: Params = { ...error.params };
  delete params.where;
  for (const key of ['start', 'end', 'line', 'column'] as const) {
    const value = error[key];
    if (value !== undefined) params[key] = value;
  }
  if (error.component) params.component = error.component;
  const vi = prefix ? `${prefix.vi}${error.message.vi}` : error.message.vi;
  const en = prefix ? `${prefix.en}${error.message.en}` : error.message.en;
  return { field, code: error.key, message: en, params: { ...params, vi, en } };
}

/** 422: the formulas or the template are not valid; `errors` says each problem on its field. */
export function formulaRefused(errors: FieldError[], message: string): AppError {
  return new AppError(422, ErrorCodes.validation, message, errors);
}
