import { FieldLimits, Patterns, Status } from '@hcm/contracts';
import Type from 'typebox';
import type { FieldSpec, Label } from '../types.ts';

const STATUS_VALUES = [Status.active, Status.inactive] as const;

/** At least one character that is not a space: a required text of blanks is refused. */
const NOT_BLANK = '\\S';

/**
 * The field helpers of a declaration. Each carries its TypeBox schema with the limits and
 * patterns of catalogues §5 (from @hcm/contracts), its labels and its rules in words.
 */
export const field = {
  /** code: 4 to 50 letters, digits, underscore or dot; required; unique per tenant, any case */
  code(options: { label?: Label } = {}): FieldSpec {
    return {
      kind: 'text',
      schema: Type.String({ minLength: 1, maxLength: FieldLimits.code, pattern: Patterns.code }),
      required: true,
      unique: true,
      label: options.label ?? { vi: 'Mã', en: 'Code' },
      rules: {
        vi: `Bắt buộc, không trùng. 4–${FieldLimits.code} ký tự: chữ, số, gạch dưới, dấu chấm.`,
        en: `Required, unique. 4–${FieldLimits.code} letters, digits, underscores or dots.`,
      },
      example: (n) => `CODE_${String(n).padStart(4, '0')}`,
    };
  },

  /** free text up to `maxLength` characters (FieldLimits.name, .description, ...) */
  text(maxLength: number, options: { label: Label; required?: boolean }): FieldSpec {
    const required = options.required ?? false;
    return {
      kind: 'text',
      schema: required
        ? Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK })
        : Type.String({ maxLength }),
      required,
      unique: false,
      label: options.label,
      rules: required
        ? { vi: `Bắt buộc. Tối đa ${maxLength} ký tự.`, en: `Required. At most ${maxLength} characters.` }
        : {
            vi: `Không bắt buộc. Tối đa ${maxLength} ký tự.`,
            en: `Optional. At most ${maxLength} characters.`,
          },
      example: (n) => `${options.label.vi} ${n}`,
    };
  },

  /** a whole number from `minimum` (default 0) to FieldLimits.integer; optional, default in SQL */
  integer(options: { label: Label; minimum?: number; maximum?: number; required?: boolean }): FieldSpec {
    const minimum = options.minimum ?? 0;
    const maximum = options.maximum ?? FieldLimits.integer;
    const required = options.required ?? false;
    const range = `${minimum}–${maximum}`;
    return {
      kind: 'integer',
      schema: Type.Integer({ minimum, maximum }),
      required,
      unique: false,
      label: options.label,
      rules: {
        vi: `${required ? 'Bắt buộc' : 'Không bắt buộc'}. Số nguyên ${range}.`,
        en: `${required ? 'Required' : 'Optional'}. Whole number ${range}.`,
      },
      example: (n) => Math.min(Math.max(n, minimum), maximum),
    };
  },

  /** ACTIVE or INACTIVE (default ACTIVE in SQL); switched by POST /{id}/active and /inactive */
  status(): FieldSpec {
    return {
      kind: 'enum',
      schema: Type.Unsafe<Status>({ type: 'string', enum: [...STATUS_VALUES] }),
      required: false,
      unique: false,
      label: { vi: 'Trạng thái', en: 'Status' },
      rules: { vi: 'ACTIVE hoặc INACTIVE (mặc định ACTIVE).', en: 'ACTIVE or INACTIVE (default ACTIVE).' },
      example: () => Status.active,
      values: STATUS_VALUES,
    };
  },
};

/** Labels of the columns the framework keeps itself. */
export const AUDIT_LABELS: Readonly<Record<string, Label>> = {
  createdAt: { vi: 'Ngày tạo', en: 'Created at' },
  createdBy: { vi: 'Người tạo', en: 'Created by' },
  lastModifiedAt: { vi: 'Ngày cập nhật', en: 'Last modified at' },
  lastModifiedBy: { vi: 'Người cập nhật', en: 'Last modified by' },
};
