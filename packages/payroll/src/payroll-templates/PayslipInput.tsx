import { useId } from 'react';
import type { FieldInputProps } from '@hcm/ui';
import {
  Button,
  Caption1,
  Dropdown,
  Field,
  Input,
  Option,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@hcm/ui';
import { payslipGroupsOf } from '@hcm/contracts/payroll-templates';
import type { ChildrenField } from '@hcm/contracts/resource';
import { serverFormulaError } from '../formula-editor/server-error.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { RowMoves, moved, useFocusAfterMove } from './RowMoves.tsx';
import { useTemplateForm } from './template-form.tsx';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  label: { fontWeight: tokens.fontWeightSemibold },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  cell: { flex: '1 1 180px', minWidth: 0 },
  componentCell: { flex: '2 1 260px', minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  // the buttons sit level with the inputs, below the labels
  moves: { alignSelf: 'flex-end', paddingBottom: tokens.spacingVerticalXXS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  preview: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  previewGroup: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

type Line = {
  groupTitle: string | null;
  groupTitleEn: string | null;
  componentId: string | null;
  componentCode: string | null;
};

/**
 * The payslip's lines in order: each a group title (Vietnamese, English) and one of the
 * template's components; consecutive lines with one title make a group, as the preview below
 * shows. Lines move up and down by keyboard; "add a line" continues the last group with the
 * next component not yet on the payslip, "add the missing" puts every such component at the
 * end. A line's problems — no title, no component, a component twice or no longer in the
 * template — and the server's on its cells are said on the line.
 */
export function PayslipInput({ name, field, binding, text, disabled, serverErrors = {} }: FieldInputProps) {
  const styles = useStyles();
  const { t, i18n } = usePayrollTranslation();
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const labelId = useId();
  const { values, scope } = useTemplateForm();
  const lines = (binding.value ?? []) as Line[];
  const { container, focusLater } = useFocusAfterMove();
  const children = field as ChildrenField;
  const itemLabel = (key: string) => {
    const item = children.fields[key];
    return item ? text(item.label) : key;
  };

  // the template's components, as the components section holds them now
  const inTemplate = (
    (values.components ?? []) as { componentId: string | null; componentCode: string | null }[]
  )
    .filter((row) => row.componentId)
    .map((row) => {
      const known =
        scope.state === 'ready' ? scope.components.find((c) => c.id === row.componentId) : undefined;
      return {
        id: row.componentId as string,
        code: row.componentCode ?? known?.code ?? '',
        name: known ? (language === 'en' ? (known.nameEn ?? known.name) : known.name) : '',
      };
    });
  const byId = new Map(inTemplate.map((component) => [component.id, component]));
  const nameByCode = new Map(inTemplate.map((component) => [component.code, component.name]));
  const shown = new Set(lines.map((line) => line.componentId));
  const notShown = inTemplate.filter((component) => !shown.has(component.id));

  const change = (next: Line[]) => {
    binding.onChange(next);
    binding.onBlur();
  };
  const lineFor = (component: { id: string; code: string }, after: Line | undefined): Line => ({
    groupTitle: after?.groupTitle ?? t('templates.defaultGroup'),
    groupTitleEn: after?.groupTitleEn ?? null,
    componentId: component.id,
    componentCode: component.code,
  });
  const setCell = (index: number, key: keyof Line, value: string | null) =>
    change(
      lines.map((line, i) =>
        i !== index
          ? line
          : {
              ...line,
              [key]: value,
              ...(key === 'componentId' ? { componentCode: byId.get(value ?? '')?.code ?? null } : {}),
            },
      ),
    );

  const problemOf = (line: Line, index: number, key: 'groupTitle' | 'componentId'): string | null => {
    const server = serverErrors[`${name}[${index}].${key}`];
    if (server) return serverFormulaError(server, language) ?? t('templates.refused');
    if (key === 'groupTitle')
      return (line.groupTitle ?? '').trim() === '' ? t('templates.titleRequired') : null;
    if (!line.componentId) return t('templates.componentRequired');
    if (!byId.has(line.componentId)) return t('templates.notInTemplate', { code: line.componentCode ?? '' });
    if (lines.findIndex((other) => other.componentId === line.componentId) !== index)
      return t('templates.shownTwice', { code: line.componentCode ?? '' });
    return null;
  };
  const showProblems = binding.error !== null || Object.keys(serverErrors).length > 0;

  const groups = payslipGroupsOf(
    lines.map((line) => ({
      groupTitle: line.groupTitle ?? '',
      groupTitleEn: line.groupTitleEn,
      componentCode: line.componentCode,
    })),
  );

  return (
    <div className={styles.group} role="group" aria-labelledby={labelId} data-field={name} ref={container}>
      <Text id={labelId} className={styles.label}>
        {text(children.label)}
      </Text>
      {children.hint && <Caption1>{text(children.hint)}</Caption1>}
      {lines.length === 0 ? (
        <Text>{t('templates.noLines')}</Text>
      ) : (
        <ol className={styles.list} aria-labelledby={labelId}>
          {lines.map((line, index) => {
            const code = line.componentCode ?? '';
            const titleProblem = showProblems ? problemOf(line, index, 'groupTitle') : null;
            const componentProblem = showProblems ? problemOf(line, index, 'componentId') : null;
            const known = byId.get(line.componentId ?? '');
            return (
              <li key={index} className={styles.row} data-row={index}>
                <Field
                  className={styles.cell}
                  label={`${itemLabel('groupTitle')} ${index + 1}`}
                  required
                  validationState={titleProblem ? 'error' : 'none'}
                  validationMessage={titleProblem ?? undefined}
                >
                  <Input
                    className={styles.input}
                    value={line.groupTitle ?? ''}
                    disabled={disabled}
                    maxLength={200}
                    onChange={(_event, data) => setCell(index, 'groupTitle', data.value)}
                  />
                </Field>
                <Field className={styles.cell} label={`${itemLabel('groupTitleEn')} ${index + 1}`}>
                  <Input
                    className={styles.input}
                    value={line.groupTitleEn ?? ''}
                    disabled={disabled}
                    maxLength={200}
                    onChange={(_event, data) =>
                      setCell(index, 'groupTitleEn', data.value === '' ? null : data.value)
                    }
                  />
                </Field>
                <Field
                  className={styles.componentCell}
                  label={`${itemLabel('componentId')} ${index + 1}`}
                  required
                  validationState={componentProblem ? 'error' : 'none'}
                  validationMessage={componentProblem ?? undefined}
                >
                  <Dropdown
                    className={styles.input}
                    disabled={disabled}
                    // the code alone on the line (the names are the options' and the preview's)
                    value={known?.code ?? code}
                    selectedOptions={line.componentId ? [line.componentId] : []}
                    onOptionSelect={(_event, data) => setCell(index, 'componentId', data.optionValue ?? null)}
                  >
                    {inTemplate.map((component) => (
                      <Option
                        key={component.id}
                        value={component.id}
                        text={`${component.code} — ${component.name}`}
                      >
                        {`${component.code} — ${component.name}`}
                      </Option>
                    ))}
                  </Dropdown>
                </Field>
                <div className={styles.moves}>
                  <RowMoves
                    index={index}
                    count={lines.length}
                    name={t('templates.lineNamed', { row: index + 1, code })}
                    disabled={disabled}
                    onMove={(to) => {
                      focusLater(to, to < index ? 'up' : 'down');
                      change(moved(lines, index, to));
                    }}
                    onRemove={() => {
                      focusLater(Math.min(index, lines.length - 2), 'remove');
                      change(lines.filter((_, i) => i !== index));
                    }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className={styles.actions}>
        <Button
          disabled={disabled || lines.length >= children.maxItems}
          onClick={() => {
            const next = notShown[0];
            const last = lines[lines.length - 1];
            change([
              ...lines,
              next
                ? lineFor(next, last)
                : {
                    groupTitle: last?.groupTitle ?? '',
                    groupTitleEn: last?.groupTitleEn ?? null,
                    componentId: null,
                    componentCode: null,
                  },
            ]);
          }}
        >
          {t('templates.addLine')}
        </Button>
        {notShown.length > 0 && (
          <Button
            disabled={disabled || lines.length + notShown.length > children.maxItems}
            onClick={() => {
              const last = lines[lines.length - 1];
              change([...lines, ...notShown.map((component) => lineFor(component, last))]);
            }}
          >
            {t('templates.addMissingLines', { count: notShown.length })}
          </Button>
        )}
      </div>
      {groups.length > 0 && (
        <section className={styles.preview} aria-label={t('templates.preview')}>
          <Subtitle2 as="h3">{t('templates.preview')}</Subtitle2>
          {groups.map((group, index) => (
            <div key={index}>
              <Text weight="semibold">{group.title[language] || '—'}</Text>
              <ul className={styles.previewGroup}>
                {group.components.map((code, at) => (
                  <li key={`${code}-${at}`}>
                    {nameByCode.get(code) ? `${nameByCode.get(code)} (${code})` : code}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
