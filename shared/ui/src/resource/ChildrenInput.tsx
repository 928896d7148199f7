import { useId, useState } from 'react';
import {
  Button,
  Checkbox,
  Dropdown,
  Field,
  Option,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ChildrenField, Label, ScalarField } from '@hcm/contracts/resource';
import { TextInput } from '../form/TextInput.tsx';
import { fieldErrorText, type FieldError } from '../form/validators.ts';
import type { FieldBinding } from '../form/use-form-state.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { DateInput } from '../input/DateInput.tsx';
import { DecimalInput } from '../input/DecimalInput.tsx';
import { ReferenceInput } from './ReferenceInput.tsx';
import { childCellErrors, childRowOf, type ChildRow, type FormValue } from './contract-form.ts';
import type { LabelText } from './format-value.ts';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, gridColumn: '1 / -1' },
  label: { fontWeight: tokens.fontWeightSemibold },
  scroll: { overflowX: 'auto' },
  // On a phone the rows scroll sideways; each input fills its own cell (Fluent's dropdowns ask
  // for 250 px of their own, which spilt over the next cell and took its clicks).
  table: {
    minWidth: '48rem',
    '& .fui-Dropdown, & .fui-Combobox, & .fui-Input': { minWidth: 0, width: '100%' },
  },
  number: { width: '3rem' },
  action: { width: '6rem' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface ChildrenInputProps {
  name: string;
  field: ChildrenField;
  binding: FieldBinding<FormValue>;
  text: LabelText;
  disabled?: boolean;
  /** the server's errors on this field's cells, keyed like `ranks[2].code` */
  serverErrors?: Readonly<Record<string, FieldError>>;
}

/**
 * The rows of a children field as a small table: a row per child, a column per item field with
 * the input of its kind, "add row" and "remove row". Each cell shows its own error: the item
 * field's limits, a unique value used by an earlier row, and the server's (`ranks[2].code`)
 * until that cell is changed. The whole field counts as invalid while any cell is.
 */
export function ChildrenInput({
  name,
  field,
  binding,
  text,
  disabled,
  serverErrors = {},
}: ChildrenInputProps) {
  const styles = useStyles();
  const { t, i18n } = useUiTranslation();
  const labelId = useId();
  const rows = (binding.value ?? []) as ChildRow[];
  // a read-only item (the name the server copies from a referred record) is not typed
  const items = Object.entries(field.fields).filter(([, child]) => !child.readOnly);
  // Server errors stay on their cell until it is edited (or the rows move under them).
  const [edited, setEdited] = useState<{ from: object; cells: ReadonlySet<string> }>({
    from: serverErrors,
    cells: new Set(),
  });
  const editedCells = edited.from === serverErrors ? edited.cells : new Set<string>();
  const shown = binding.error !== null;
  const cellErrors = shown ? childCellErrors(field, rows) : {};
  const label = text(field.label);
  const full = rows.length >= field.maxItems;

  const messageOf = (error: FieldError, itemLabel: string) =>
    fieldErrorText(error, itemLabel, (key, params) =>
      i18n.exists(key, { ns: 'ui' }) ? t(key, params) : undefined,
    );
  const change = (next: ChildRow[], cell?: string) => {
    if (cell) setEdited({ from: serverErrors, cells: new Set([...editedCells, cell]) });
    else setEdited({ from: serverErrors, cells: new Set(Object.keys(serverErrors)) });
    binding.onChange(next);
  };
  // A reference whose target follows this item (an assignee of the chosen type) is cleared
  // when the item changes: an id of the old target is no record of the new one.
  const followers = (item: string) =>
    items.filter(([, child]) => child.kind === 'reference' && child.targetBy?.field === item).map(([n]) => n);
  const setCell = (index: number, item: string, value: FormValue) =>
    change(
      rows.map((row, i) =>
        i !== index
          ? row
          : {
              ...row,
              ...(row[item] === value ? {} : Object.fromEntries(followers(item).map((n) => [n, null]))),
              [item]: value,
            },
      ),
      `${name}[${index}].${item}`,
    );
  const listError =
    shown && binding.error && Object.keys(cellErrors).length === 0 ? messageOf(binding.error, label) : null;

  return (
    <div className={styles.group} role="group" aria-labelledby={labelId} data-field={name}>
      <Text id={labelId} className={styles.label}>
        {label}
      </Text>
      {field.hint && <Text size={200}>{text(field.hint)}</Text>}
      {rows.length === 0 ? (
        <Text>{t('resource.noRows')}</Text>
      ) : (
        <div className={styles.scroll}>
          <Table size="small" aria-labelledby={labelId} className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.number}>{t('resource.rowNumber')}</TableHeaderCell>
                {items.map(([item, child]) => (
                  <TableHeaderCell key={item}>
                    {text(child.label)}
                    {child.required ? ' *' : ''}
                  </TableHeaderCell>
                ))}
                <TableHeaderCell className={styles.action} />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index} data-row={index}>
                  <TableCell>{index + 1}</TableCell>
                  {items.map(([item, child]) => {
                    const path = `${name}[${index}].${item}`;
                    const itemLabel = text(child.label);
                    const error =
                      (editedCells.has(path) ? undefined : serverErrors[path]) ??
                      cellErrors[`${index}.${item}`];
                    return (
                      <TableCell key={item}>
                        <Field
                          validationState={error ? 'error' : 'none'}
                          validationMessage={error ? messageOf(error, itemLabel) : undefined}
                        >
                          <CellInput
                            row={row}
                            field={child}
                            label={`${itemLabel} ${index + 1}`}
                            value={row[item] ?? null}
                            disabled={disabled}
                            invalid={Boolean(error)}
                            onChange={(value) => setCell(index, item, value)}
                            onBlur={binding.onBlur}
                            text={text}
                          />
                        </Field>
                      </TableCell>
                    );
                  })}
                  <TableCell>
                    <Button
                      size="small"
                      disabled={disabled}
                      onClick={() => {
                        change(rows.filter((_, i) => i !== index));
                        binding.onBlur();
                      }}
                    >
                      {t('resource.removeRow', { row: index + 1 })}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {listError && (
        <Text role="alert" className={styles.error}>
          {listError}
        </Text>
      )}
      <div>
        <Button
          disabled={disabled || full}
          onClick={() => {
            change([...rows, childRowOf(field)]);
          }}
        >
          {t('resource.addRow')}
        </Button>
      </div>
    </div>
  );
}

interface CellInputProps {
  /** the cell's row: a reference's target may follow another item of it (targetBy) */
  row: ChildRow;
  field: ScalarField;
  label: string;
  value: FormValue;
  disabled: boolean | undefined;
  invalid: boolean;
  onChange: (value: FormValue) => void;
  onBlur: () => void;
  text: LabelText;
}

/**
 * The input of one cell, by the item field's kind (no label of its own: aria-label says it). A
 * reference is a searching picker of its target, or of the target its row's `targetBy` item
 * names (a step's assignee: roles, job positions, job titles or users by the assignment type),
 * disabled until that item is chosen.
 */
function CellInput({ row, field, label, value, disabled, invalid, onChange, onBlur, text }: CellInputProps) {
  const { t } = useUiTranslation();
  const common = { 'aria-label': label, disabled, onBlur, 'aria-invalid': invalid || undefined } as const;
  switch (field.kind) {
    case 'reference': {
      const by = field.targetBy;
      const target = by ? by.targets[String(row[by.field] ?? '')] : field.target;
      return (
        <ReferenceInput
          key={target?.apiPath ?? 'none'}
          aria-label={label}
          aria-invalid={invalid || undefined}
          disabled={disabled || !target}
          onBlur={onBlur}
          // without a target (no type chosen yet) the picker waits, disabled
          target={target ?? { resource: '', apiPath: '', display: 'name' }}
          value={value as string | null}
          onChange={onChange}
        />
      );
    }
    case 'integer':
      return (
        <DecimalInput
          {...common}
          decimals={0}
          allowNegative={field.minimum < 0}
          value={value as string | null}
          onChange={onChange}
        />
      );
    case 'decimal':
    case 'money':
      return (
        <DecimalInput
          {...common}
          decimals={field.scale}
          allowNegative={field.minimum.startsWith('-')}
          value={value as string | null}
          onChange={onChange}
        />
      );
    case 'boolean':
      return (
        <Checkbox
          {...common}
          checked={value === true}
          onChange={(_, data) => onChange(data.checked === true)}
        />
      );
    case 'date':
      return <DateInput {...common} label={label} value={value as Date | null} onChange={onChange} />;
    case 'enum': {
      const labels = field.valueLabels as Readonly<Record<string, Label>>;
      const current = (value as string | null) ?? '';
      const shown = (v: string) => (labels[v] ? text(labels[v]) : v);
      return (
        <Dropdown
          {...common}
          value={current ? shown(current) : ''}
          selectedOptions={current ? [current] : []}
          placeholder={t('resource.choose')}
          onOptionSelect={(_, data) => onChange(data.optionValue ?? null)}
        >
          {field.values.map((v) => (
            <Option key={v} value={v}>
              {shown(v)}
            </Option>
          ))}
        </Dropdown>
      );
    }
    default:
      return <TextInput {...common} value={value as string | null} onChange={onChange} />;
  }
}
