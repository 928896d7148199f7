import { FieldErrorKeys } from '@hcm/contracts';
import type { ChildrenField, FieldContract } from '@hcm/contracts/resource';

type Problem = { field: string; code: string; message: string };

/**
 * The fake API's check of a children field's rows, like the server's: each cell against its
 * item field (`ranks[1].name`), a unique item field's value used twice within the rows
 * (`ranks[2].code`, case-insensitive), and minItems to maxItems rows.
 */
export function childrenProblems(
  name: string,
  field: ChildrenField,
  value: unknown,
  problemOf: (field: FieldContract, value: unknown) => string | null,
): Problem[] {
  if (!Array.isArray(value))
    return [{ field: name, code: FieldErrorKeys.invalidValue, message: 'must be a list of rows' }];
  if (field.minItems && value.length < field.minItems)
    return [{ field: name, code: FieldErrorKeys.required, message: `at least ${field.minItems} rows` }];
  if (value.length > field.maxItems)
    return [{ field: name, code: FieldErrorKeys.maxlength, message: `at most ${field.maxItems} rows` }];
  const problems: Problem[] = [];
  const seen = new Map<string, Set<string>>();
  value.forEach((row: unknown, index) => {
    const cells = (row ?? {}) as Record<string, unknown>;
    for (const [item, child] of Object.entries(field.fields)) {
      const path = `${name}[${index}].${item}`;
      const problem = problemOf(child, cells[item]);
      if (problem) {
        problems.push({ field: path, code: problem, message: problem });
        continue;
      }
      if (!child.unique || cells[item] === null || cells[item] === undefined) continue;
      const key = String(cells[item]).trim().toLowerCase();
      const used = seen.get(item) ?? new Set<string>();
      if (used.has(key))
        problems.push({ field: path, code: FieldErrorKeys.invalidValue, message: 'is already used' });
      used.add(key);
      seen.set(item, used);
    }
  });
  return problems;
}
