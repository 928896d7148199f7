import { EDITABLE_APPROVAL_STATUSES } from '@hcm/contracts/approvals';
import type { PayPeriodComponent, PayPeriodValue, PayPeriodWorkerError } from '@hcm/contracts/pay-periods';
import { payslipGroupsOf } from '@hcm/contracts/payroll-templates';
import { f, label, type FieldContract } from '@hcm/contracts/resource';
import type { PayPeriodTextKey } from './texts.ts';

/*
 * What the pay period pages decide from the data, apart from drawing it (unit-tested): whether a
 * sheet's values may still change and why not, the review table's column groups from the
 * template's payslip, how a value of each type is typed and shown, and a worker's error in the
 * reader's language.
 */

/** A sheet as its record says: enough to know what may be done with it. */
export interface SheetFacts {
  readonly computeStatus: string;
  readonly approvalStatus: string;
  readonly lockedAt: string | null;
}

export type Frozen = 'IN_APPROVAL' | 'APPROVED' | 'LOCKED';

/** In approval, approved or locked: the server refuses every change of its values (409 payPeriodFrozen). */
export function frozenOf(sheet: SheetFacts): Frozen | null {
  if (sheet.lockedAt) return 'LOCKED';
  if ((EDITABLE_APPROVAL_STATUSES as readonly string[]).includes(sheet.approvalStatus)) return null;
  return sheet.approvalStatus === 'APPROVED' ? 'APPROVED' : 'IN_APPROVAL';
}

/**
 * Why the sheet's values cannot change now (the words' key), or null when they can: the
 * server's own refusals, said before a button is pressed rather than after.
 */
export function whyNotWritable(sheet: SheetFacts, mayUpdate: boolean): PayPeriodTextKey | null {
  const frozen = frozenOf(sheet);
  if (frozen === 'LOCKED') return 'reasonLocked';
  if (frozen === 'APPROVED') return 'reasonApproved';
  if (frozen === 'IN_APPROVAL') return 'reasonInApproval';
  if (!mayUpdate) return 'reasonNoPermission';
  if (sheet.computeStatus === 'COMPUTING') return 'reasonComputing';
  return null;
}

/** A group of the review table's columns: a payslip group's title and its components, in order. */
export interface ColumnGroup {
  readonly title: { readonly vi: string; readonly en: string };
  readonly codes: readonly string[];
}

/**
 * The payslip's groups over the components computed (a code the template no longer computes is
 * left out, an empty group dropped); the components no group shows come last as "other".
 */
export function columnGroupsOf(
  components: readonly Pick<PayPeriodComponent, 'code'>[],
  payslip: Parameters<typeof payslipGroupsOf>[0],
  other: { vi: string; en: string },
): ColumnGroup[] {
  const computed = new Set(components.map((component) => component.code));
  const groups = payslipGroupsOf(payslip)
    .map((group) => ({ title: group.title, codes: group.components.filter((code) => computed.has(code)) }))
    .filter((group) => group.codes.length > 0);
  const shown = new Set(groups.flatMap((group) => group.codes));
  const rest = components.map((component) => component.code).filter((code) => !shown.has(code));
  return rest.length > 0 && groups.length > 0 ? [...groups, { title: other, codes: rest }] : groups;
}

const noLabel = label('payPeriod.value', 'Giá trị', 'Value');
// what the grid types and shows for each number type: the server keeps MONEY in whole đồng and
// every other number to 4 decimals (numeric(18, 4)); the formulas' values may be negative
const WHOLE = f.decimal({ label: noLabel, precision: 15, scale: 0, minimum: '-999999999999999' });
const DECIMAL = f.decimal({ label: noLabel, precision: 18, scale: 4, minimum: '-99999999999999.9999' });

/** The grid's field for a component's value type: numbers typed and shown in Vietnamese notation. */
export function gridFieldOf(valueType: string): FieldContract | undefined {
  switch (valueType) {
    case 'MONEY':
    case 'INTEGER':
      return WHOLE;
    case 'NUMBER':
    case 'DOUBLE':
    case 'PERCENT':
      return DECIMAL;
    default:
      return undefined;
  }
}

/** A stored value as the grid keeps it: a number as a plain decimal string, text as it is. */
export function gridValueOf(value: PayPeriodValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? String(value) : value;
}

/** Whether HR may type the component's value in the grid (a date is typed in the trace, as dd/MM/yyyy). */
export const typedInGrid = (component: Pick<PayPeriodComponent, 'source' | 'valueType'>) =>
  component.source === 'INPUT' && component.valueType !== 'DATE' && component.valueType !== 'ENUM';

/** A worker's error in the reader's language, naming the component when one failed. */
export function workerErrorText(
  error: PayPeriodWorkerError,
  english: boolean,
  inComponent: (component: string, message: string) => string,
): string {
  const message = english ? error.message.en : error.message.vi;
  return error.component ? inComponent(error.component, message) : message;
}

/** A component's name in the reader's language. */
export const componentName = (component: { name: string; nameEn: string | null }, english: boolean) =>
  english && component.nameEn ? component.nameEn : component.name;
