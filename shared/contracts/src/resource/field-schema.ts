import Type, { type TSchema } from 'typebox';
import { AREA_CODE_PATTERNS, type FieldContract, type ScalarField } from './fields.ts';

/** At least one character that is not a space: a required text of blanks is refused. */
const NOT_BLANK = '\\S';
// pure: code that only needs decimalPattern (the browser's form kit) does not carry typebox
const Uuid = /*#__PURE__*/ Type.String({ format: 'uuid' });

/** The decimal-string pattern for precision/scale: optional minus, digits, optional fraction. */
export function decimalPattern(precision: number, scale: number, negative: boolean): string {
  const whole = precision - scale;
  const fraction = scale > 0 ? `(?:\\.[0-9]{1,${scale}})?` : '';
  return `^${negative ? '-?' : ''}(?:0|[1-9][0-9]{0,${whole - 1}})${fraction}$`;
}

function scalarSchema(field: ScalarField): TSchema {
  switch (field.kind) {
    case 'text':
    case 'code': {
      const pattern = field.pattern ?? (field.required ? NOT_BLANK : undefined);
      return Type.String({
        minLength: field.minLength && field.kind === 'text' ? field.minLength : field.required ? 1 : 0,
        maxLength: field.maxLength,
        ...(pattern ? { pattern } : {}),
      });
    }
    case 'integer':
      return Type.Integer({
        minimum: field.minimum,
        maximum: field.maximum,
        // a unit (minutes kept as milliseconds): whole units only, as the form types them
        ...(field.unit
          ? {
              multipleOf: field.unit.factor,
              description: `${field.unit.label.en} × ${field.unit.factor}: typed and shown in ${field.unit.label.en}`,
            }
          : {}),
      });
    case 'decimal':
    case 'money':
      return Type.String({
        maxLength: field.precision + 2,
        pattern: decimalPattern(field.precision, field.scale, field.minimum.startsWith('-')),
        description: `a decimal string, at most ${field.scale} digits after the point, from ${field.minimum}`,
      });
    case 'boolean':
      return Type.Boolean();
    case 'date':
      return Type.String({ format: 'date', description: 'yyyy-MM-dd' });
    case 'dateTime':
      return Type.String({ format: 'date-time' });
    case 'enum':
      return Type.Unsafe<string>({ type: 'string', enum: [...field.values] });
    case 'reference':
    case 'treeParent':
    case 'file':
    case 'image':
      return Uuid;
    case 'area':
      return Type.String({
        pattern: AREA_CODE_PATTERNS[field.level],
        description: `the code of a ${field.level} among the areas in force (GET /api/om/areas)`,
      });
  }
}

/**
 * The TypeBox schema of a present value of the field, with the limits and patterns of
 * catalogues §5: the server validates bodies with it and the browser may check a form with it.
 */
export function fieldSchema(field: FieldContract): TSchema {
  if (field.kind === 'references' || field.kind === 'files')
    return Type.Array(Uuid, { maxItems: field.maxItems, uniqueItems: true });
  if (field.kind === 'enumSet')
    return Type.Array(Type.Unsafe<string>({ type: 'string', enum: [...field.values] }), {
      maxItems: field.values.length,
      uniqueItems: true,
    });
  if (field.kind === 'children') {
    const properties: Record<string, TSchema> = {};
    for (const [name, child] of Object.entries(field.fields))
      properties[name] = child.required
        ? scalarSchema(child)
        : Type.Optional(Type.Union([scalarSchema(child), Type.Null()]));
    return Type.Array(Type.Object(properties, { additionalProperties: false }), {
      maxItems: field.maxItems,
      ...(field.minItems ? { minItems: field.minItems } : {}),
    });
  }
  return scalarSchema(field);
}
