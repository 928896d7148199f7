import type { ModulePageOptions, ResourceSectionProps } from '@hcm/ui';
import { makeStyles, tokens } from '@hcm/ui';
import { usePayrollScope } from '../formula-editor/scope-api.ts';
import { PayslipInput } from './PayslipInput.tsx';
import { TemplateComponentsInput } from './TemplateComponentsInput.tsx';
import { TemplateFormProvider } from './template-form.tsx';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

/**
 * The components' and the payslip's sections: their fields drawn by the kit (so that the kit
 * hands each its binding and the server's errors on its rows) inside the form's values and the
 * tenant's scope, which the row editors read.
 */
function TemplateSection({ fields, values, renderField }: ResourceSectionProps) {
  const styles = useStyles();
  const scope = usePayrollScope();
  return (
    <TemplateFormProvider form={{ values, scope }}>
      <div className={styles.section}>{fields.map(renderField)}</div>
    </TemplateFormProvider>
  );
}

/**
 * What the payroll template's generic pages get beyond the contract: the components in order,
 * checked as a whole as they are put together, and the payslip's lines with their preview.
 */
export const payrollTemplatePages: ModulePageOptions = {
  form: {
    fieldComponents: { components: TemplateComponentsInput, payslip: PayslipInput },
    sectionComponents: {
      'payrollTemplate.componentsSection': TemplateSection,
      'payrollTemplate.payslipSection': TemplateSection,
    },
  },
};
