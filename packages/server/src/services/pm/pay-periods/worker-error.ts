import type { PayPeriodWorkerError } from '@hcm/contracts/pay-periods';
import type { FormulaError } from '@hcm/formula';

/*
 * Why a worker of a pay period has no values: one shape for a formula that failed (the formula
 * package's error: the component, the code, the place, the words in both languages), data the
 * values loader could not find (no contract, no grade, a timesheet not locked: the loader's code
 * and words) and the run's own refusals below. Stored on the worker's row of the sheet
 * (pay_period_workers) and shown in the review table and the trace.
 */
export type WorkerError = PayPeriodWorkerError;

/** A formula package error as a worker's error. */
export function fromFormulaError(error: FormulaError): WorkerError {
  return {
    component: error.component ?? null,
    code: error.code,
    message: { vi: error.message.vi, en: error.message.en },
    params: { ...error.params },
  };
}

const fill = (text: string, params: Readonly<Record<string, string>>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** The run's own refusals, each with its words in both languages ({name} filled from params). */
const RUN_ERRORS = {
  netComponentMissing: {
    vi: 'Hợp đồng lương NET cần thành phần {net} trong mẫu bảng lương để quy đổi ra lương gộp',
    en: 'A net-pay contract needs the component {net} in the payroll template to find its gross',
  },
  netUnreachable: {
    vi: '{net}: không tìm được lương gộp cho lương NET thoả thuận {agreedNet} đồng (thu nhập cả tháng không đạt tới mức đó)',
    en: '{net}: no gross salary gives the agreed net pay of {agreedNet} đồng (a full month never nets that much)',
  },
  valueTooLarge: {
    vi: '{component}: giá trị {value} quá lớn để lưu (tối đa 14 chữ số phần nguyên)',
    en: '{component}: the value {value} is too large to keep (at most 14 digits before the point)',
  },
  textTooLong: {
    vi: '{component}: văn bản dài hơn 200 ký tự',
    en: '{component}: the text is longer than 200 characters',
  },
  workerMissing: {
    vi: 'Không còn đọc được hồ sơ nhân viên này (đã bị xoá hoặc chuyển khỏi đơn vị thuê bao)',
    en: "This worker's record can no longer be read (deleted, or no longer in the tenant)",
  },
  badInput: {
    vi: '{component}: giá trị nhập "{value}" không đúng kiểu {type}',
    en: '{component}: the value typed, "{value}", is not of type {type}',
  },
} as const;
export type RunErrorCode = keyof typeof RUN_ERRORS;

export function runError(
  code: RunErrorCode,
  params: Readonly<Record<string, string>>,
  component: string | null = null,
): WorkerError {
  const words = RUN_ERRORS[code];
  return {
    component,
    code,
    message: { vi: fill(words.vi, params), en: fill(words.en, params) },
    params: { ...params },
  };
}
