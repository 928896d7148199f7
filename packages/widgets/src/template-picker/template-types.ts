import { DocumentTemplateTypes, type DocumentTemplateType } from '@hcm/contracts/settings';

/**
 * core §2: the leader work plan's templates are not offered in the picker's type filter (that
 * plan chooses its templates itself). An opener may still fix the filter to it.
 */
export const UNOFFERED_TYPE: DocumentTemplateType = 'LEADER_WORK_PLAN';

const ALL_TYPES = Object.keys(DocumentTemplateTypes) as DocumentTemplateType[];

/** The types the filter offers, in the contract's order. */
export const OFFERED_TYPES: readonly DocumentTemplateType[] = ALL_TYPES.filter(
  (type) => type !== UNOFFERED_TYPE,
);

export const isTemplateType = (value: string): value is DocumentTemplateType =>
  (ALL_TYPES as readonly string[]).includes(value);

const isOffered = (value: string): value is DocumentTemplateType =>
  (OFFERED_TYPES as readonly string[]).includes(value);

/** How the type filter starts: its types, whether the opener fixed them, whether it takes several. */
export interface TypeFilter {
  types: DocumentTemplateType[];
  fixed: boolean;
  multiple: boolean;
}

/**
 * The filter the opener asks for. A fixed type (a known one) is the filter, disabled; otherwise
 * the preset types that the filter offers. The filter takes several types when the picker picks
 * several templates, or when the preset already names more than one (a single choice could not
 * show them).
 */
export function initialTypeFilter(opener: {
  fixedType?: string | undefined;
  types?: readonly string[] | undefined;
  multiple: boolean;
}): TypeFilter {
  const fixed = opener.fixedType?.trim();
  if (fixed && isTemplateType(fixed)) return { types: [fixed], fixed: true, multiple: false };
  const preset = [...new Set((opener.types ?? []).filter(isOffered))];
  const multiple = opener.multiple || preset.length > 1;
  return { types: preset, fixed: false, multiple };
}
