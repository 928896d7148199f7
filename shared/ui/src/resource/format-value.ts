import { shownValue, yearsAndMonths, type FieldContract, type Label } from '@hcm/contracts/resource';
import { formatDate } from '../format/date.ts';
import { formatMoney } from '../format/money.ts';
import { formatNumber } from '../format/number.ts';
import { formatMonthText } from '../input/month-text.ts';

/** Translates a contract label (its key in RESOURCE_NAMESPACE, its own text as the fallback). */
export type LabelText = (label: Label) => string;

const AUDIT_INSTANTS = new Set(['createdAt', 'lastModifiedAt']);

/**
 * A value as a list cell or detail line shows it, by the field's kind: dates dd/MM/yyyy,
 * months as years and months where the field says so (seniority),
 * date-times HH:mm dd/MM/yyyy, money and decimals in Vietnamese notation (cut, never rounded),
 * enums by their labels, booleans as Có/Không, references by their display text when known
 * (useReferenceTexts: a references list's names joined by ", "), children by their rows' names
 * (or their count).
 */
export function formatFieldValue(
  field: FieldContract | undefined,
  name: string,
  value: unknown,
  text: LabelText,
  words: { yes: string; no: string },
): string {
  if (value === null || value === undefined || value === '') return '';
  if (!field) return AUDIT_INSTANTS.has(name) ? formatDate(value as string, 'timeDate') : String(value);
  switch (field.kind) {
    case 'date':
      return formatDate(value as string, 'date');
    case 'dateTime':
      return formatDate(value as string, 'timeDate');
    case 'money':
      return formatMoney(value as string);
    case 'decimal':
      return formatNumber(value as string, { decimals: field.scale });
    case 'integer': {
      // a seniority: "3 năm 2 tháng" reads at a glance where "38" months does not
      if (field.shownAs === 'yearsAndMonths') return yearsAndMonths(value as number, text);
      // in the unit it is typed in (minutes), with the unit's word: "30 phút"
      const shown = formatNumber(shownValue(field.unit, value as number), { decimals: 0 });
      return field.unit ? `${shown} ${text(field.unit.label)}` : shown;
    }
    case 'text':
      // a month as HR writes it: 03/2026
      return field.shownAs === 'month' ? formatMonthText(String(value)) || String(value) : String(value);
    case 'boolean':
      return value ? words.yes : words.no;
    case 'enum': {
      const valueLabel = (field.valueLabels as Record<string, Label>)[String(value)];
      return valueLabel ? text(valueLabel) : String(value);
    }
    case 'enumSet': {
      const labels = field.valueLabels as Record<string, Label>;
      return (value as string[]).map((v) => (labels[v] ? text(labels[v]) : v)).join(', ');
    }
    case 'references':
      // the records' names joined by ", " come from useReferenceTexts (find-by-ids); until then
      // nothing rather than raw ids
      return '';
    case 'files':
      // the cell says how many; the detail page lists them by name (FileLink)
      return Array.isArray(value) && value.length > 0 ? String(value.length) : '';
    case 'children': {
      // the list's cell: the rows' names (the first plain-text item field) or how many rows
      if (!Array.isArray(value)) return '';
      const named = Object.entries(field.fields).find(([, child]) => child.kind === 'text')?.[0];
      return named
        ? (value as Record<string, unknown>[]).map((row) => String(row[named] ?? '')).join(', ')
        : String(value.length);
    }
    default:
      return String(value);
  }
}
