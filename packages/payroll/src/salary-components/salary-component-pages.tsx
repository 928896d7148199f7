import { useEffect, useRef } from 'react';
import type { ModulePageOptions, ResourceSectionProps } from '@hcm/ui';
import {
  fieldErrorText,
  makeStyles,
  matchResourcePage,
  tokens,
  useBrowserLocation,
  useUiTranslation,
} from '@hcm/ui';
import { salaryComponentContract, type SalaryValueType } from '@hcm/contracts/salary-components';
import { FormulaEditor } from '../formula-editor/FormulaEditor.tsx';
import { formulaScopeOf, usePayrollScope } from '../formula-editor/scope-api.ts';
import { ScopeNotice } from '../formula-editor/ScopeNotice.tsx';
import { serverFormulaError } from '../formula-editor/server-error.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
  wide: {
    gridColumn: '1 / -1',
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  formula: {
    margin: 0,
    fontFamily: tokens.fontFamilyMonospace,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
});

/**
 * "Giá trị": the value type, the source, and — when the component is computed — its formula in
 * the formula editor, checked as it is typed against the tenant's catalogue and the other
 * components (the one being edited left out: its formula is the one typed). An input component
 * has no formula: switching to input empties it (kept aside, so switching back brings it back);
 * rounding digits only where a rounding is chosen.
 */
function ValueSection({
  fields,
  values,
  binding,
  renderField,
  text: labelText,
  disabled,
}: ResourceSectionProps) {
  const styles = useStyles();
  const { i18n } = usePayrollTranslation();
  const { pathname } = useBrowserLocation();
  const id = matchResourcePage(salaryComponentContract, pathname)?.id ?? null;
  const scope = usePayrollScope();
  const computed = values.source === 'FORMULA';
  const formula = binding('formula');
  const typed = (formula.value as string | null) ?? '';
  const keptAside = useRef<string | null>(null);
  useEffect(() => {
    if (computed && keptAside.current !== null && typed === '') formula.onChange(keptAside.current);
    if (!computed && typed !== '') {
      keptAside.current = typed;
      formula.onChange(null);
    }
    // only a change of source moves the text aside or back
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [computed]);
  const rounded = values.roundingMode !== 'NONE' && values.roundingMode !== null;
  const field = salaryComponentContract.fields.formula;
  const ui = useUiTranslation();
  // the server's refusal of the formula in its own words; any other error (required) the kit's way
  const error = formula.error;
  const errorText =
    serverFormulaError(error, i18n.language) ??
    (error
      ? fieldErrorText(error, labelText(field.label), (key, params) =>
          ui.i18n.exists(key, { ns: 'ui' }) ? ui.t(key, params) : undefined,
        )
      : null);
  return (
    <div className={styles.grid}>
      {fields.map((name) => {
        if (name === 'roundingDigits' && !rounded) return null;
        if (name !== 'formula') return renderField(name);
        if (!computed) return null;
        return (
          <div key={name} className={styles.wide}>
            <FormulaEditor
              label={labelText(field.label)}
              hint={field.hint ? labelText(field.hint) : undefined}
              value={typed}
              onChange={(next) => formula.onChange(next)}
              onBlur={formula.onBlur}
              required
              disabled={disabled}
              scope={formulaScopeOf(scope, id)}
              component={{
                code: String(values.code ?? ''),
                type: (values.valueType as SalaryValueType | null) ?? null,
              }}
              fieldError={errorText}
            />
            <ScopeNotice scope={scope} />
          </div>
        );
      })}
    </div>
  );
}

function FormulaText({ value }: { value: unknown }) {
  const styles = useStyles();
  return typeof value === 'string' && value !== '' ? <pre className={styles.formula}>{value}</pre> : <>—</>;
}

/**
 * What the salary component's generic pages get beyond the contract: the value section with the
 * formula editor in the form, and the formula as written (monospace, its lines kept) on the
 * detail page.
 */
export const salaryComponentPages: ModulePageOptions = {
  form: { sectionComponents: { 'salaryComponent.valueSection': ValueSection } },
  detail: { renderValue: { formula: (record) => <FormulaText value={record.formula} /> } },
};
