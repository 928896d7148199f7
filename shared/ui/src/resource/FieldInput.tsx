import { lazy, Suspense, useId } from 'react';
import {
  Checkbox,
  FieldContextProvider,
  Dropdown,
  Input,
  Option,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { FieldContract, Label } from '@hcm/contracts/resource';
import { FormField } from '../form/FormField.tsx';
import type { FieldBinding } from '../form/use-form-state.ts';
import { TextInput } from '../form/TextInput.tsx';
import { cleanFieldText } from '../form/clean-text.ts';
import { DateInput } from '../input/DateInput.tsx';
import { DecimalInput } from '../input/DecimalInput.tsx';
import { MonthInput } from '../input/MonthInput.tsx';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import type { FormValue } from './contract-form.ts';
import type { LabelText } from './format-value.ts';
import { ReferenceInput } from './ReferenceInput.tsx';
import type { FieldError } from '../form/validators.ts';
import type { StoredFile } from './file-field-api.ts';
import { Loading } from '../status/Loading.tsx';

// A chunk of its own: only the forms of a resource with child rows load the rows editor.
const ChildrenInput = lazy(() =>
  import('./ChildrenInput.tsx').then((module) => ({ default: module.ChildrenInput })),
);

// A chunk of its own too: only the forms of a resource with a file field load the upload control.
const AreaInput = lazy(() => import('./AreaInput.tsx').then((module) => ({ default: module.AreaInput })));
const FileInput = lazy(() => import('./FileInput.tsx').then((module) => ({ default: module.FileInput })));
const FilesInput = lazy(() => import('./FilesInput.tsx').then((module) => ({ default: module.FilesInput })));

// And the tag picker of a references field: only the forms that have one load it.
const MultiReferenceInput = lazy(() =>
  import('./MultiReferenceInput.tsx').then((module) => ({ default: module.MultiReferenceInput })),
);

const useStyles = makeStyles({
  choices: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  // a long set of choices (a workflow's approval kinds) takes the whole row, not one tall column
  wide: { gridColumn: '1 / -1' },
});

export interface FieldInputProps {
  name: string;
  field: FieldContract;
  binding: FieldBinding<FormValue>;
  text: LabelText;
  disabled?: boolean;
  /** children fields: the server's errors on their cells, keyed like `ranks[2].code` */
  serverErrors?: Readonly<Record<string, FieldError>>;
  /** file fields: the record's file (`<field>Info`) when the form edits one; files fields: its files */
  stored?: StoredFile | readonly StoredFile[] | null;
  /** area fields: a ward's province as the form holds it now, and the name the record answers */
  parentValue?: string | null;
  storedName?: string | null;
  /** text and code fields: what an empty input says (a numbered field on create: "Tự động") */
  placeholder?: string;
}

/** Local date and time as the datetime-local input writes it. */
const localDateTime = (value: FormValue) => {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}`;
};

/**
 * The input of a field, by its kind, inside a labelled FormField that shows its error: text and
 * code TextInput (Textarea when multiline), integer, decimal and money DecimalInput, boolean
 * Switch, date DateInput, date-time, enum Dropdown with its value labels, enum set checkboxes,
 * reference a searching Combobox, references a searching tag picker (MultiReferenceInput),
 * children a table of rows (ChildrenInput), file an upload to the storage service (FileInput),
 * files several uploads kept in order (FilesInput), area a province or ward from a list (AreaInput).
 */
export function FieldInput({
  name,
  field,
  binding,
  text,
  disabled,
  serverErrors,
  stored,
  parentValue,
  storedName,
  placeholder,
}: FieldInputProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const id = useId();
  const label = text(field.label);
  const hint = field.hint ? text(field.hint) : undefined;
  const { value, onChange, onBlur, error } = binding;
  const common = { id, disabled, onBlur, 'aria-invalid': error ? true : undefined } as const;
  const enumLabel = (labels: Readonly<Record<string, Label>>, v: string) => (labels[v] ? text(labels[v]) : v);
  if (field.kind === 'children')
    return (
      <Suspense fallback={<Loading size="tiny" />}>
        <ChildrenInput
          name={name}
          field={field}
          binding={binding}
          text={text}
          disabled={disabled}
          serverErrors={serverErrors}
        />
      </Suspense>
    );

  const input = (() => {
    switch (field.kind) {
      case 'text':
      case 'code':
        if (field.kind === 'text' && field.shownAs === 'month')
          return (
            <MonthInput
              {...common}
              label={label}
              value={(value as string | null) ?? ''}
              onChange={(month) => onChange(month)}
            />
          );
        return field.multiline ? (
          <Textarea
            {...common}
            resize="vertical"
            value={(value as string | null) ?? ''}
            onChange={(_, data) => onChange(data.value)}
            onBlur={() => {
              const cleaned = cleanFieldText((value as string | null) ?? '', field);
              if (cleaned !== ((value as string | null) ?? '')) onChange(cleaned);
              onBlur();
            }}
          />
        ) : (
          <TextInput
            {...common}
            {...(placeholder ? { placeholder } : {})}
            formatted={field.pattern !== undefined}
            value={value as string | null}
            onChange={onChange}
          />
        );
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
        return <Switch {...common} checked={value === true} onChange={(_, data) => onChange(data.checked)} />;
      case 'date':
        return <DateInput {...common} label={label} value={value as Date | null} onChange={onChange} />;
      case 'dateTime':
        return (
          <Input
            {...common}
            type="datetime-local"
            value={localDateTime(value)}
            onChange={(_, data) => onChange(data.value ? new Date(data.value) : null)}
          />
        );
      case 'enum': {
        const labels = field.valueLabels as Readonly<Record<string, Label>>;
        const current = (value as string | null) ?? '';
        return (
          <Dropdown
            {...common}
            value={current ? enumLabel(labels, current) : ''}
            selectedOptions={current ? [current] : []}
            placeholder={t('resource.choose')}
            onOptionSelect={(_, data) => onChange(data.optionValue || null)}
          >
            {!field.required && field.defaultValue === undefined && (
              <Option value="" text={t('resource.none')}>
                {t('resource.none')}
              </Option>
            )}
            {field.values.map((v) => (
              <Option key={v} value={v}>
                {enumLabel(labels, v)}
              </Option>
            ))}
          </Dropdown>
        );
      }
      case 'enumSet': {
        const labels = field.valueLabels as Readonly<Record<string, Label>>;
        const chosen = new Set((value as string[] | null) ?? []);
        return (
          // each checkbox is named by its own value: out of the Field's context, which would give
          // every one the field's id and label (one id twenty times, the values unnamed)
          <FieldContextProvider value={undefined}>
            <div className={styles.choices} role="group" aria-label={label}>
              {field.values.map((v) => (
                <Checkbox
                  key={v}
                  disabled={disabled}
                  label={enumLabel(labels, v)}
                  checked={chosen.has(v)}
                  onChange={(_, data) => {
                    const next = new Set(chosen);
                    if (data.checked) next.add(v);
                    else next.delete(v);
                    onChange(field.values.filter((x) => next.has(x)));
                    onBlur();
                  }}
                />
              ))}
            </div>
          </FieldContextProvider>
        );
      }
      case 'file':
      case 'image':
        return (
          <Suspense fallback={<Loading size="tiny" />}>
            <FileInput
              field={field}
              binding={binding}
              label={label}
              stored={stored && !Array.isArray(stored) ? (stored as StoredFile) : null}
              disabled={disabled}
            />
          </Suspense>
        );
      case 'files':
        return (
          <Suspense fallback={<Loading size="tiny" />}>
            <FilesInput
              field={field}
              binding={binding}
              label={label}
              stored={Array.isArray(stored) ? stored : []}
              disabled={disabled}
            />
          </Suspense>
        );
      case 'area':
        return (
          <Suspense fallback={<Loading size="tiny" />}>
            <AreaInput
              {...common}
              field={field}
              value={(value as string | null) ?? null}
              onChange={onChange}
              parentValue={parentValue ?? null}
              storedName={storedName ?? null}
            />
          </Suspense>
        );
      case 'reference':
      case 'treeParent':
        return field.target ? (
          <ReferenceInput
            {...common}
            target={field.target}
            value={value as string | null}
            onChange={onChange}
          />
        ) : (
          <Input {...common} value={(value as string | null) ?? ''} readOnly />
        );
      case 'references':
        return (
          <Suspense fallback={<Loading size="tiny" />}>
            <MultiReferenceInput
              {...common}
              target={field.target}
              maxItems={field.maxItems}
              label={label}
              value={(value as string[] | null) ?? []}
              onChange={onChange}
            />
          </Suspense>
        );
      default:
        // an image needs a screen of its own (an override)
        return <Input {...common} readOnly value={Array.isArray(value) ? String(value.length) : ''} />;
    }
  })();

  return (
    <FormField
      label={label}
      required={field.required}
      error={error}
      hint={hint}
      data-field={name}
      className={field.kind === 'enumSet' && field.values.length > 6 ? styles.wide : undefined}
    >
      {input}
    </FormField>
  );
}
