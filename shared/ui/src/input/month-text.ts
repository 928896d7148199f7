/** A month as the API speaks it: 'YYYY-MM'. */
const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' shown as HR writes a period (catalogues §9: MM/yyyy); '' for anything else. */
export function formatMonthText(month: string): string {
  const match = ISO_MONTH.exec(month);
  return match ? `${match[2]}/${match[1]}` : '';
}

/**
 * Reads a typed month: MM/yyyy (also M/yyyy, '-' or '.' between), yyyy-MM, or digits only: 6 as
 * MMyyyy (032026), 5 as Myyyy (32026). Gives the month as 'YYYY-MM', null for empty text, and
 * 'invalid' for anything else, so that the field can keep the last good month.
 */
export function parseMonthText(text: string): string | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const iso = /^(\d{4})[/.-](\d{1,2})$/.exec(trimmed);
  const match = iso
    ? { year: iso[1], month: iso[2] }
    : ((m) => (m ? { month: m[1], year: m[2] } : null))(
        /^(\d{1,2})[/.-](\d{4})$/.exec(trimmed) ?? /^(\d{1,2})(\d{4})$/.exec(trimmed),
      );
  if (!match) return 'invalid';
  const month = Number(match.month);
  const year = Number(match.year);
  if (month < 1 || month > 12 || year < 1900 || year > 2999) return 'invalid';
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The month `steps` months after 'YYYY-MM' (before, when negative). */
export function shiftMonth(month: string, steps: number): string {
  const match = ISO_MONTH.exec(month);
  if (!match) return month;
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + steps;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
