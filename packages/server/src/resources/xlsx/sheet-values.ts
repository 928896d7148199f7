import type { Label } from '@hcm/contracts/resource';
import { foldName } from '../import/area-cells.ts';
import type { Language, ResourceDefinition } from '../types.ts';

/**
 * How spreadsheets speak to people in Vietnam (issue 27): an enum by its name in the reader's
 * language, a date as dd/MM/yyyy. Exports write them so, templates ask for them, and imports
 * read them back, together with the codes and ISO dates that programs write. The names are the
 * contract's valueLabels: the very labels the pages show (shared/ui format-value.ts).
 */

/** The names of an enum field's values, from its contract (undefined: not an enum of a contract). */
export function enumLabelsOf(
  definition: ResourceDefinition,
  name: string,
): Readonly<Record<string, Label>> | undefined {
  const field = definition.contract?.fields[name];
  return field?.kind === 'enum' ? (field.valueLabels as Readonly<Record<string, Label>>) : undefined;
}

/** An enum code as its name in the language (the code itself when the contract names none). */
export function enumName(
  labels: Readonly<Record<string, Label>> | undefined,
  code: string,
  language: Language,
): string {
  return labels?.[code]?.[language] ?? code;
}

/** The names of every value, in order, in the language: "Nam, Nữ, Khác". */
export const enumNames = (labels: Readonly<Record<string, Label>>, language: Language): string[] =>
  Object.keys(labels).map((code) => enumName(labels, code, language));

const lower = (text: string) => text.normalize('NFC').toLocaleLowerCase('vi').replace(/\s+/g, ' ').trim();

/** The one code whose code or name `matches` the typed text; undefined for none or several. */
function onlyMatch(
  labels: Readonly<Record<string, Label>>,
  typed: string,
  fold: (text: string) => string,
): string | undefined {
  const wanted = fold(typed);
  const found = Object.entries(labels).filter(([code, label]) =>
    [code, label.vi, label.en].some((text) => fold(text) === wanted),
  );
  return found.length === 1 ? found[0]?.[0] : undefined;
}

/**
 * The code a cell names: its code, Vietnamese name or English name, ignoring case ("nữ", "FEMALE",
 * "Female"), then also accents ("nu") when that still names a single value. Undefined when it
 * names none, or several (then the person must be exact).
 */
export function enumCodeOf(labels: Readonly<Record<string, Label>>, typed: string): string | undefined {
  return onlyMatch(labels, typed, lower) ?? onlyMatch(labels, typed, foldName);
}

/**
 * The message of an enum cell that names no value: "Giới tính 'Namm' không hợp lệ; chọn một
 * trong: Nam, Nữ, Khác".
 */
export function enumProblem(
  fieldLabel: { readonly vi: string; readonly en: string },
  labels: Readonly<Record<string, Label>>,
  typed: string,
  language: Language,
): string {
  const names = enumNames(labels, language).join(', ');
  return language === 'vi'
    ? `${fieldLabel.vi} '${typed}' không hợp lệ; chọn một trong: ${names}`
    : `${fieldLabel.en} '${typed}' is not valid; choose one of: ${names}`;
}

const DAY_MONTH_YEAR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A date typed as dd/MM/yyyy (also d/M/yyyy, and with . or - between) as yyyy-MM-dd; an ISO
 * date as it is. Undefined when the text is neither, or names no day of the calendar (31/02):
 * the caller leaves the text for the schema to refuse.
 */
export function isoDateOf(text: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const match = DAY_MONTH_YEAR.exec(text);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return date.toISOString().slice(0, 10);
}

/** yyyy-MM-dd as the Date (UTC midnight) a spreadsheet shows as that day. */
export const dateCell = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** The number format of date cells: what Vietnam writes, whatever the reader's Excel locale. */
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';
