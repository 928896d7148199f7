import { Suspense, lazy } from 'react';
import type { DocumentTemplateRecord } from '@hcm/contracts/settings';

/** A template the user picked: the record as the templates' list answered it. */
export type PickedTemplate = DocumentTemplateRecord;

/** How the picker closed: Select (success, the chosen templates) or Cancel / Escape (none). */
export interface TemplatePickerResult {
  success: boolean;
  items: PickedTemplate[];
}

export interface DocumentTemplatePickerProps {
  open: boolean;
  /** several templates (a box per row and a select-all), or one (a click chooses, a double click confirms) */
  multiple: boolean;
  /** a template type code the type filter is fixed to: shown, disabled */
  fixedType?: string;
  /** the type filter's starting types, which the user may change (codes the filter does not offer are dropped) */
  types?: readonly string[];
  /** when given (and not empty), only these templates may be chosen: the others are shown disabled */
  preselectedIds?: readonly string[];
  onDone: (result: TemplatePickerResult) => void;
}

// The dialog, the templates' contract and the table load when the picker first opens: a lazy
// chunk, so that the widgets' entry stays small on every page of the portal.
const TemplatePickerDialog = lazy(() =>
  import('./TemplatePickerDialog.tsx').then((module) => ({ default: module.TemplatePickerDialog })),
);

/**
 * The document template picker (core §2): a modal listing the ACTIVE templates, searched by
 * name and filtered by type, from which the user picks one or several. It only answers; the
 * page that opened it decides what the templates are for.
 */
export function DocumentTemplatePicker(props: DocumentTemplatePickerProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <TemplatePickerDialog {...props} />
    </Suspense>
  );
}
