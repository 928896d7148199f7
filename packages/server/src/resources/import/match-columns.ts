import { FieldErrorKeys } from '@hcm/contracts';
import type { ResourceDefinition } from '../types.ts';
import { fileProblem } from './read-upload.ts';

/** An import column found in the file: the field it fills and the header the file gave it. */
export interface SheetColumn {
  name: string;
  header: string;
}

/** The declared columns the header holds, in the file's order, and where each one sits. */
export interface MatchedColumns {
  columns: SheetColumn[];
  /** sheet column index (0 = A) → index in `columns` */
  positionOf: Map<number, number>;
}

/**
 * Matches the header (sheet column index → text) against the resource's import columns, by
 * label in either language or by field name, whatever the case. Columns the resource does not
 * import (notes, the errors column of an error workbook sent back) are left out; a required
 * column that is missing refuses the file.
 */
export function matchColumns(
  definition: ResourceDefinition,
  header: ReadonlyMap<number, string>,
): MatchedColumns {
  const found: { name: string; index: number; header: string }[] = [];
  const missing: string[] = [];
  for (const name of definition.declaration.importColumns) {
    const spec = definition.field(name);
    const accepted = [spec.label.vi, spec.label.en, name].map((l) => l.toLowerCase());
    const at = [...header].find(([, text]) => accepted.includes(text.trim().toLowerCase()));
    if (at) found.push({ name, index: at[0], header: at[1].trim() });
    else if (spec.required) missing.push(spec.label.vi);
  }
  if (missing.length > 0)
    throw fileProblem(
      FieldErrorKeys.required,
      `the columns ${missing.join(', ')} are missing: use the template`,
    );
  found.sort((a, b) => a.index - b.index);
  return {
    columns: found.map(({ name, header: text }) => ({ name, header: text })),
    positionOf: new Map(found.map(({ index }, position) => [index, position])),
  };
}
