import { useId, useMemo, useState } from 'react';
import type { FieldInputProps } from '@hcm/ui';
import {
  Button,
  Caption1,
  Combobox,
  ErrorCircleRegular,
  Field,
  Option,
  Text,
  makeStyles,
  tokens,
} from '@hcm/ui';
import { SalaryComponentCategoryLabels, SalaryValueTypeLabels } from '@hcm/contracts/salary-components';
import type { ChildrenField } from '@hcm/contracts/resource';
import type { ComponentRow } from '../formula-editor/scope-api.ts';
import { ScopeNotice } from '../formula-editor/ScopeNotice.tsx';
import { serverFormulaError } from '../formula-editor/server-error.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { RowMoves, moved, useFocusAfterMove } from './RowMoves.tsx';
import { checkTemplateRows, type TemplateProblem } from './template-check.ts';
import { useTemplateForm } from './template-form.tsx';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  label: { fontWeight: tokens.fontWeightSemibold },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  number: { width: '2rem', color: tokens.colorNeutralForeground3 },
  what: { flex: '1 1 240px', minWidth: 0, display: 'flex', flexDirection: 'column' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3 },
  problems: { flexBasis: '100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  problem: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteRedForeground1,
  },
  add: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  picker: { minWidth: 0, width: 'min(420px, 100%)' },
});

type Row = { componentId: string | null; componentCode: string | null };

const normal = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();

/**
 * The template's components in the order HR lists them (the payslip's and the export's order;
 * the server computes them in the order their formulas need): each with its name, type and
 * category; "up", "down" and "remove" buttons that keep the focus on the row moved; a searching
 * picker that adds a component of the tenant at the end. The whole is checked as it is put
 * together (@hcm/formula checkTemplate, as the server will): a formula's unknown name, a type, a
 * cycle, and a component a formula reads that the template lacks (with a button adding it) are
 * said on their rows; the server's refusals too, on their rows, until the rows change.
 */
export function TemplateComponentsInput({
  name,
  field,
  binding,
  text,
  disabled,
  serverErrors = {},
}: FieldInputProps) {
  const styles = useStyles();
  const { t, i18n } = usePayrollTranslation();
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const labelId = useId();
  const { scope } = useTemplateForm();
  const rows = useMemo(() => (binding.value ?? []) as Row[], [binding.value]);
  const components = scope.state === 'ready' ? scope.components : [];
  const byId = new Map(components.map((component) => [component.id, component]));
  const [query, setQuery] = useState('');
  // the server's errors belong to the rows as they were sent: none once the rows change
  const [sentRows, setSentRows] = useState<{ errors: object; rows: Row[] }>({ errors: serverErrors, rows });
  if (sentRows.errors !== serverErrors) setSentRows({ errors: serverErrors, rows });
  const serverOn = sentRows.rows === rows;
  const { container, focusLater } = useFocusAfterMove();

  const check = useMemo(
    () => (scope.state === 'ready' ? checkTemplateRows(rows, scope.components, scope.catalogue) : null),
    [rows, scope],
  );
  const change = (next: Row[]) => {
    binding.onChange(next);
    binding.onBlur();
  };
  const add = (component: ComponentRow) =>
    change([...rows, { componentId: component.id, componentCode: component.code }]);

  const chosen = new Set(rows.map((row) => row.componentId));
  const needle = normal(query.trim());
  const offered = components
    .filter((component) => !chosen.has(component.id))
    .filter(
      (component) =>
        needle === '' || normal(component.code).includes(needle) || normal(component.name).includes(needle),
    )
    .slice(0, 50);

  const problemText = (problem: TemplateProblem) =>
    problem.kind === 'formula'
      ? problem.error.message[language]
      : t('templates.missing', {
          reader: problem.reader,
          missing: problem.missing.code,
          name: problem.missing.name,
        });
  const label = text(field.label);
  const nameOf = (row: Row) => row.componentCode ?? byId.get(row.componentId ?? '')?.code ?? '';

  return (
    <div className={styles.group} role="group" aria-labelledby={labelId} data-field={name} ref={container}>
      <Text id={labelId} className={styles.label}>
        {label}
      </Text>
      <Caption1>{t('templates.componentsHint')}</Caption1>
      <ScopeNotice scope={scope} />
      {rows.length === 0 ? (
        <Text>{t('templates.noComponents')}</Text>
      ) : (
        <ol className={styles.list} aria-labelledby={labelId}>
          {rows.map((row, index) => {
            const component = byId.get(row.componentId ?? '');
            const code = nameOf(row);
            const serverError = serverOn ? serverErrors[`${name}[${index}].componentId`] : undefined;
            const serverText = serverError
              ? (serverFormulaError(serverError, language) ?? t('templates.refused'))
              : null;
            const problems = check?.rows.get(index) ?? [];
            return (
              <li key={`${row.componentId ?? 'none'}-${index}`} className={styles.row} data-row={index}>
                <span className={styles.number} aria-hidden>
                  {index + 1}
                </span>
                <span className={styles.what}>
                  <span>
                    <span className={styles.code}>{code}</span>
                    {component &&
                      ` — ${language === 'en' ? (component.nameEn ?? component.name) : component.name}`}
                  </span>
                  {component && (
                    <Caption1 className={styles.meta}>
                      {text(SalaryValueTypeLabels[component.valueType])} ·{' '}
                      {component.source === 'FORMULA' ? t('templates.formula') : t('templates.input')}
                      {component.category
                        ? ` · ${text(SalaryComponentCategoryLabels[component.category])}`
                        : ''}
                    </Caption1>
                  )}
                </span>
                <RowMoves
                  index={index}
                  count={rows.length}
                  name={code}
                  disabled={disabled}
                  onMove={(to) => {
                    focusLater(to, to < index ? 'up' : 'down');
                    change(moved(rows, index, to));
                  }}
                  onRemove={() => {
                    focusLater(Math.min(index, rows.length - 2), 'remove');
                    change(rows.filter((_, i) => i !== index));
                  }}
                />
                {(problems.length > 0 || serverText) && (
                  <div className={styles.problems}>
                    {problems.map((problem, at) => (
                      <span key={at} className={styles.problem}>
                        <ErrorCircleRegular aria-hidden />
                        {problemText(problem)}
                        {problem.kind === 'missing' && !chosen.has(problem.missing.id) && (
                          <Button size="small" disabled={disabled} onClick={() => add(problem.missing)}>
                            {t('templates.addMissing', { code: problem.missing.code })}
                          </Button>
                        )}
                      </span>
                    ))}
                    {serverText && problems.length === 0 && (
                      <span className={styles.problem}>
                        <ErrorCircleRegular aria-hidden />
                        {serverText}
                      </span>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {check && check.general.length > 0 && (
        <div className={styles.problems}>
          {check.general.map((problem, at) => (
            <span key={at} className={styles.problem}>
              <ErrorCircleRegular aria-hidden />
              {problemText(problem)}
            </span>
          ))}
        </div>
      )}
      <div className={styles.add}>
        <Field label={t('templates.add')} className={styles.picker}>
          <Combobox
            value={query}
            disabled={disabled || scope.state !== 'ready' || rows.length >= (field as ChildrenField).maxItems}
            placeholder={t('templates.addPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
            onOptionSelect={(_event, data) => {
              const component = components.find((candidate) => candidate.id === data.optionValue);
              if (!component) return;
              setQuery('');
              add(component);
            }}
          >
            {offered.map((component) => (
              <Option key={component.id} value={component.id} text={`${component.code} — ${component.name}`}>
                {`${component.code} — ${component.name}`}
              </Option>
            ))}
          </Combobox>
        </Field>
      </div>
    </div>
  );
}
