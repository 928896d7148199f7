import { createContext, useContext, type ReactNode } from 'react';
import type { ResourceSectionProps } from '@hcm/ui';
import type { ScopeState } from '../formula-editor/scope-api.ts';

/**
 * What the template's row editors need beyond their own field: the form's other values (the
 * payslip picks among the template's components) and the tenant's components and catalogue.
 * The kit hands a field's own input its binding and the server's errors on its rows; a section
 * hands its fields the form's values: the sections put both together through this context.
 */
export interface TemplateForm {
  readonly values: ResourceSectionProps['values'];
  readonly scope: ScopeState;
}

const TemplateFormContext = createContext<TemplateForm | null>(null);

export function useTemplateForm(): TemplateForm {
  const form = useContext(TemplateFormContext);
  if (!form) throw new Error('a template row editor is drawn outside its section');
  return form;
}

export function TemplateFormProvider({ form, children }: { form: TemplateForm; children: ReactNode }) {
  return <TemplateFormContext.Provider value={form}>{children}</TemplateFormContext.Provider>;
}
