import { useState } from 'react';
import {
  BAND_KEY_TYPES,
  LOOKUP_CODE_PATTERN,
  LOOKUP_TABLE_KINDS,
  LookupTableKindLabels,
  LookupTableLabels,
  LookupTableLimits,
  type LookupColumn,
  type LookupTableKind,
} from '@hcm/contracts/payroll-lookup-tables';
import {
  SalaryValueTypeLabels,
  SalaryValueTypes,
  type SalaryValueType,
} from '@hcm/contracts/salary-components';
import { ApiError } from '@hcm/session';
import {
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  Subtitle1,
  goTo,
  makeStyles,
  notify,
  tokens,
  useFailureText,
} from '@hcm/ui';
import { useLabel } from '../labels.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { lookupApi } from './lookup-api.ts';
import { BackToList, ROUTE } from './route.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
  column: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cell: { flex: '1 1 160px', minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

const CODE = new RegExp(LOOKUP_CODE_PATTERN);
const blankColumn = (): LookupColumn => ({ code: '', type: 'MONEY', name: '', nameEn: null });

/**
 * A new lookup table: its code (the name formulas read it by), name, kind (keyed, or bands by
 * "up to" bounds whose key is a number), key type and value columns; its first version is added
 * on the table's page. Codes are typed upper case; the server's refusals go on their fields.
 */
export function LookupTableCreate() {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const label = useLabel();
  const failureText = useFailureText();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [kind, setKind] = useState<LookupTableKind>('keyed');
  const [keyType, setKeyType] = useState<SalaryValueType>('TEXT');
  const [columns, setColumns] = useState<LookupColumn[]>([blankColumn()]);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});

  const keyTypes: readonly SalaryValueType[] = kind === 'band' ? BAND_KEY_TYPES : SalaryValueTypes;
  const local: Record<string, string> = {};
  if (!CODE.test(code)) local.code = t('lookup.codeRule');
  if (name.trim() === '') local.name = t('lookup.required');
  columns.forEach((column, index) => {
    if (!CODE.test(column.code)) local[`columns[${index}].code`] = t('lookup.codeRule');
    else if (columns.findIndex((other) => other.code === column.code) !== index)
      local[`columns[${index}].code`] = t('lookup.columnTwice', { code: column.code });
    if (column.name.trim() === '') local[`columns[${index}].name`] = t('lookup.required');
  });
  const errorOf = (field: string) => server[field] ?? (tried ? local[field] : undefined);
  const field = (name: string) => {
    const error = errorOf(name);
    return { validationState: error ? ('error' as const) : ('none' as const), validationMessage: error };
  };
  const setColumn = (index: number, change: Partial<LookupColumn>) => {
    setColumns(columns.map((column, i) => (i === index ? { ...column, ...change } : column)));
    setServer({});
  };

  const save = async () => {
    setTried(true);
    if (Object.keys(local).length > 0) {
      void notify.warning(t('lookup.fixFirst'));
      return;
    }
    setSaving(true);
    try {
      const table = await lookupApi.create({
        code,
        name: name.trim(),
        nameEn: nameEn.trim() === '' ? null : nameEn.trim(),
        kind,
        keyType,
        columns: columns.map((column) => ({ ...column, name: column.name.trim() })),
      });
      void notify.success(t('lookup.created', { code: table.code }));
      goTo(`${ROUTE}/${table.id}`);
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
      setServer(fields);
      if (Object.keys(fields).length === 0) void notify.error(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className={styles.form}
      aria-label={t('lookup.create')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <BackToList />
      <div className={styles.grid}>
        <Field label={label(LookupTableLabels.code)} required hint={t('lookup.codeHint')} {...field('code')}>
          <Input
            value={code}
            maxLength={50}
            onChange={(_event, data) => {
              setCode(data.value.toUpperCase());
              setServer({});
            }}
          />
        </Field>
        <Field label={label(LookupTableLabels.name)} required {...field('name')}>
          <Input value={name} maxLength={250} onChange={(_event, data) => setName(data.value)} />
        </Field>
        <Field label={label(LookupTableLabels.nameEn)} {...field('nameEn')}>
          <Input value={nameEn} maxLength={250} onChange={(_event, data) => setNameEn(data.value)} />
        </Field>
        <Field
          label={label(LookupTableLabels.kind)}
          required
          hint={t(`lookup.kindHint.${kind}`)}
          {...field('kind')}
        >
          <Dropdown
            value={label(LookupTableKindLabels[kind])}
            selectedOptions={[kind]}
            onOptionSelect={(_event, data) => {
              const next = data.optionValue as LookupTableKind;
              setKind(next);
              if (next === 'band' && !(BAND_KEY_TYPES as readonly string[]).includes(keyType))
                setKeyType('MONEY');
            }}
          >
            {LOOKUP_TABLE_KINDS.map((value) => (
              <Option key={value} value={value}>
                {label(LookupTableKindLabels[value])}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={label(LookupTableLabels.keyType)} required {...field('keyType')}>
          <Dropdown
            value={label(SalaryValueTypeLabels[keyType])}
            selectedOptions={[keyType]}
            onOptionSelect={(_event, data) => setKeyType(data.optionValue as SalaryValueType)}
          >
            {keyTypes.map((value) => (
              <Option key={value} value={value}>
                {label(SalaryValueTypeLabels[value])}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <section aria-labelledby="lookup-columns">
        <Subtitle1 as="h2" id="lookup-columns">
          {label(LookupTableLabels.columns)}
        </Subtitle1>
        {columns.map((column, index) => (
          <div key={index} className={styles.column}>
            <Field
              className={styles.cell}
              label={`${label(LookupTableLabels.columnCode)} ${index + 1}`}
              required
              {...field(`columns[${index}].code`)}
            >
              <Input
                className={styles.input}
                value={column.code}
                maxLength={50}
                onChange={(_event, data) => setColumn(index, { code: data.value.toUpperCase() })}
              />
            </Field>
            <Field
              className={styles.cell}
              label={`${t('lookup.columnName')} ${index + 1}`}
              required
              {...field(`columns[${index}].name`)}
            >
              <Input
                className={styles.input}
                value={column.name}
                maxLength={250}
                onChange={(_event, data) => setColumn(index, { name: data.value })}
              />
            </Field>
            <Field
              className={styles.cell}
              label={`${label(LookupTableLabels.columnType)} ${index + 1}`}
              required
            >
              <Dropdown
                className={styles.input}
                value={label(SalaryValueTypeLabels[column.type])}
                selectedOptions={[column.type]}
                onOptionSelect={(_event, data) =>
                  setColumn(index, { type: data.optionValue as SalaryValueType })
                }
              >
                {SalaryValueTypes.map((value) => (
                  <Option key={value} value={value}>
                    {label(SalaryValueTypeLabels[value])}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Button
              disabled={columns.length === 1}
              aria-label={t('rows.removeOf', { name: column.code || String(index + 1) })}
              onClick={() => setColumns(columns.filter((_, i) => i !== index))}
            >
              {t('rows.remove')}
            </Button>
          </div>
        ))}
        <Button
          disabled={columns.length >= LookupTableLimits.columnsMax}
          onClick={() => setColumns([...columns, blankColumn()])}
        >
          {t('lookup.addColumn')}
        </Button>
      </section>
      <div className={styles.actions}>
        <Button onClick={() => goTo(ROUTE)}>{t('lookup.cancel')}</Button>
        <Button type="submit" appearance="primary" disabled={saving}>
          {t('lookup.save')}
        </Button>
      </div>
    </form>
  );
}
