/**
 * The fields that name a record, in the order they are tried: a thing by its name, a person by
 * full name (workers), a contract by its number, a decision by its number, a notification by its
 * title, anything else by its code.
 */
export const RECORD_NAME_FIELDS = ['name', 'fullName', 'number', 'decisionNumber', 'title', 'code'] as const;

/**
 * What a record is called where a page, a dialog or a notice names it ("Hợp đồng: 01/2026/HĐLĐ"):
 * the first of RECORD_NAME_FIELDS that holds text; '' when none does.
 */
export function recordDisplayName(record: Readonly<Record<string, unknown>>): string {
  for (const field of RECORD_NAME_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}
