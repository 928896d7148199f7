import { fieldSchema, shownValue, type FieldContract, type ScalarField } from '@hcm/contracts/resource';
import type { FieldKind, FieldSpec, Label, ReferenceSpec } from '../types.ts';

/** The kinds bindResource turns into a column of the record itself. */
const COLUMN_KINDS: readonly FieldKind[] = [
  'text',
  'code',
  'integer',
  'decimal',
  'money',
  'boolean',
  'date',
  'dateTime',
  'enum',
  'reference',
  'treeParent',
  'file',
  'area',
];

/**
 * Whether bindResource turns the kind into a column of the record itself; an image is a file
 * field to the engine (its thumbnail is the storage service's concern).
 */
export const isColumnKind = (kind: FieldContract['kind']): kind is FieldKind | 'image' =>
  kind === 'image' || (COLUMN_KINDS as readonly string[]).includes(kind);

const both = (vi: string, en: string): Label => ({ vi, en });

/** "Required, unique" / "Optional": the first words of every rule. */
function presence(field: FieldContract): Label {
  const vi = [field.required ? 'Bắt buộc' : 'Không bắt buộc', ...(field.unique ? ['không trùng'] : [])];
  const en = [field.required ? 'Required' : 'Optional', ...(field.unique ? ['unique'] : [])];
  return both(vi.join(', '), en.join(', '));
}

const either = (values: readonly string[], or: string) =>
  values.length === 2 ? `${values[0]} ${or} ${values[1]}` : values.join(', ');

/** What a value must be, in words, from the limits of the contract (no presence). */
function limitsOf(field: ScalarField): Label {
  switch (field.kind) {
    case 'code':
      return both(
        `${field.minLength ?? 1}–${field.maxLength} ký tự: chữ, số, gạch dưới, dấu chấm.`,
        `${field.minLength ?? 1}–${field.maxLength} letters, digits, underscores or dots.`,
      );
    case 'text':
      return field.pattern
        ? both(
            `Tối đa ${field.maxLength} ký tự, đúng định dạng.`,
            `At most ${field.maxLength} characters, in the required format.`,
          )
        : both(`Tối đa ${field.maxLength} ký tự.`, `At most ${field.maxLength} characters.`);
    case 'integer': {
      // a unit's field is typed in the unit: its limits in it too ("1–999 phút")
      const [min, max] = [field.minimum, field.maximum].map((v) => shownValue(field.unit, v));
      const unit = field.unit
        ? { vi: ` ${field.unit.label.vi}`, en: ` ${field.unit.label.en}` }
        : { vi: '', en: '' };
      return both(`Số nguyên ${min}–${max}${unit.vi}.`, `Whole number ${min}–${max}${unit.en}.`);
    }
    case 'decimal':
    case 'money':
      return both(
        `${field.kind === 'money' ? 'Số tiền' : 'Số'} từ ${field.minimum}, tối đa ${field.scale} chữ số sau dấu chấm.`,
        `${field.kind === 'money' ? 'An amount' : 'A number'} from ${field.minimum}, at most ${field.scale} digits after the point.`,
      );
    case 'boolean':
      return both('TRUE hoặc FALSE.', 'TRUE or FALSE.');
    case 'date':
      // import/validate-rows.ts also takes yyyy-MM-dd and Excel date cells
      return both('Ngày, dạng dd/MM/yyyy (vd. 05/03/2026).', 'A date, dd/MM/yyyy (e.g. 05/03/2026).');
    case 'dateTime':
      return both('Ngày giờ ISO 8601.', 'An ISO 8601 date and time.');
    case 'enum': {
      // by name, as the pages show them (the import also takes the other language's names and the codes)
      const labels = field.valueLabels as Readonly<Record<string, Label>>;
      const names = (language: 'vi' | 'en') =>
        field.values.map((value) => labels[value]?.[language] ?? value);
      const fallback = field.defaultValue;
      return both(
        `${either(names('vi'), 'hoặc')}${fallback ? ` (mặc định ${labels[fallback]?.vi ?? fallback})` : ''}.`,
        `${either(names('en'), 'or')}${fallback ? ` (default ${labels[fallback]?.en ?? fallback})` : ''}.`,
      );
    }
    case 'reference':
    case 'treeParent':
      return both(
        'Mã hoặc tên của bản ghi (hoặc mã định danh uuid).',
        'The code or name of the record (or its id, a uuid).',
      );
    case 'area':
      return field.level === 'province'
        ? both('Mã tỉnh/thành phố, 2 chữ số (vd. 79).', 'A province code, 2 digits (e.g. 79).')
        : both(
            'Mã phường/xã, 5 chữ số, thuộc tỉnh/thành phố đã chọn.',
            'A ward code, 5 digits, of the province given.',
          );
    case 'file':
    case 'image': {
      const kinds = field.accept.map((extension) => `.${extension}`).join(', ');
      return both(
        `Mã (uuid) của tệp đã tải lên, dạng ${kinds}.`,
        `The id (uuid) of an uploaded ${kinds} file.`,
      );
    }
  }
}

/**
 * The rules of a field in words (the note on the template's header cell, the import's
 * messages), generated from the contract's limits: e.g. "Bắt buộc, không trùng. 4–50 ký tự: …".
 * An enum with a default says only its values: it is never missing.
 */
export function rulesOf(field: ScalarField): Label {
  const limits = limitsOf(field);
  const hint = field.hint;
  const withHint = (language: 'vi' | 'en', text: string) => (hint ? `${text} ${hint[language]}` : text);
  if (field.kind === 'enum' && field.defaultValue)
    return both(withHint('vi', limits.vi), withHint('en', limits.en));
  const first = presence(field);
  return both(withHint('vi', `${first.vi}. ${limits.vi}`), withHint('en', `${first.en}. ${limits.en}`));
}

/**
 * The engine's FieldSpec of a contract field: its schema (`fieldSchema`, the same one the
 * browser checks), label, rules and example, nothing restated.
 */
export function fieldSpecOf(field: ScalarField, reference?: ReferenceSpec): FieldSpec {
  if (!isColumnKind(field.kind)) throw new Error(`a ${field.kind} field is not a column`);
  return {
    kind: field.kind === 'image' ? 'file' : field.kind,
    schema: fieldSchema(field),
    required: field.required,
    unique: field.unique,
    label: field.label,
    rules: rulesOf(field),
    example: field.example,
    ...(field.kind === 'enum' ? { values: field.values } : {}),
    ...(reference ? { reference } : {}),
    ...(field.kind === 'file' || field.kind === 'image' ? { file: { accept: field.accept } } : {}),
    ...(field.kind === 'area'
      ? { area: { level: field.level, ...(field.parent ? { parent: field.parent } : {}) } }
      : {}),
    ...(field.kind === 'integer' && field.unit ? { unit: field.unit } : {}),
    ...((field.kind === 'text' || field.kind === 'code') && field.autoNumber
      ? { autoNumber: field.autoNumber }
      : {}),
  };
}
