import { useState } from 'react';
import {
  LookupTableLabels,
  LookupTableLimits,
  type LookupTable,
  type LookupVersion,
} from '@hcm/contracts/payroll-lookup-tables';
import { ApiError } from '@hcm/session';
import {
  Button,
  DateInput,
  DecimalInput,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Subtitle1,
  Text,
  formatDate,
  formatNumber,
  makeStyles,
  notify,
  tokens,
  useFailureText,
} from '@hcm/ui';
import { dayAsDate, isoDay } from '../dates.ts';
import { useLabel } from '../labels.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { lookupApi } from './lookup-api.ts';
import { decimalsOf, draftProblems, emptyDraft, isNumeric, rowsOf, type RowDraft } from './lookup-rows.ts';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  note: { flex: '1 1 320px', minWidth: 0 },
  wideInput: { width: '100%' },
  scroll: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'top',
    },
    '& .fui-Input': { minWidth: '7rem', width: '100%' },
  },
  number: { width: '2.5rem', color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * The rows of one version as a grid of inputs: a keyed table's key, or a band's "up to" bound
 * (the last band open, with no bound, and new bands added before it), and a value per column,
 * numbers in Vietnamese notation (a percent column in per cent: 5 is 5 %). Saved as the stored
 * version (PUT) or as a new one (POST) with its effective date. The rows' problems are said on
 * their rows before anything is sent, the server's (by `rows[i]…`) after.
 */
export function VersionEditor({
  table,
  stored,
  rows: initial,
  readOnly,
  onSaved,
  onCancel,
}: {
  table: LookupTable;
  stored: LookupVersion | null;
  rows: readonly RowDraft[];
  readOnly: boolean;
  onSaved: (saved: LookupVersion) => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const label = useLabel();
  const failureText = useFailureText();
  const band = table.kind === 'band';
  const [rows, setRows] = useState<RowDraft[]>(() =>
    initial.length > 0 ? [...initial] : band ? [emptyDraft(table), emptyDraft(table)] : [emptyDraft(table)],
  );
  const [effectiveFrom, setEffectiveFrom] = useState<Date | null>(
    stored ? dayAsDate(stored.effectiveFrom) : null,
  );
  const [note, setNote] = useState(stored?.note ?? '');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const problems = draftProblems(table, rows);
  const dateMissing = !effectiveFrom || Number.isNaN(effectiveFrom.getTime());

  const setRow = (index: number, row: RowDraft) => {
    setRows(rows.map((current, i) => (i === index ? row : current)));
    setServer({});
  };
  const addRow = () => {
    // a band is added before the open last one; a key at the end
    const next = band
      ? [...rows.slice(0, -1), emptyDraft(table), ...rows.slice(-1)]
      : [...rows, emptyDraft(table)];
    setRows(next);
  };
  const save = async () => {
    setTried(true);
    if (problems.size > 0 || dateMissing) {
      void notify.warning(t('lookup.fixFirst'));
      return;
    }
    setSaving(true);
    try {
      const body = {
        effectiveFrom: isoDay(effectiveFrom as Date),
        note: note.trim() === '' ? null : note.trim(),
        rows: rowsOf(table, rows),
      };
      const saved = stored
        ? await lookupApi.saveVersion(table.id, stored.id, { ...body, version: stored.version })
        : await lookupApi.addVersion(table.id, body);
      void notify.success(t('lookup.versionSaved', { date: formatDate(saved.effectiveFrom, 'date') }));
      onSaved(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
      setServer(fields);
      if (Object.keys(fields).length === 0) void notify.error(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const problemText = (index: number): string | null => {
    const own = Object.entries(server)
      .filter(([field]) => field.startsWith(`rows[${index}]`))
      .map(([, text]) => text);
    if (own.length > 0) return own.join(' ');
    const problem = tried ? problems.get(index) : undefined;
    return problem ? t(`lookup.rowProblems.${problem}`) : null;
  };
  const title = stored
    ? t('lookup.versionOf', { date: formatDate(stored.effectiveFrom, 'date') })
    : t('lookup.newVersion');
  const dateLabel = label(LookupTableLabels.effectiveFrom);
  const keyLabel = band ? label(LookupTableLabels.upTo) : label(LookupTableLabels.key);
  const general = server.effectiveFrom ?? server.rows;

  return (
    <section className={styles.section} aria-labelledby="lookup-editor">
      <Subtitle1 as="h2" id="lookup-editor">
        {title}
      </Subtitle1>
      <div className={styles.head}>
        <Field
          label={dateLabel}
          required
          validationState={(tried && dateMissing) || server.effectiveFrom ? 'error' : 'none'}
          validationMessage={
            server.effectiveFrom ?? (tried && dateMissing ? t('lookup.required') : undefined)
          }
        >
          <DateInput
            label={dateLabel}
            value={effectiveFrom}
            disabled={readOnly}
            onChange={setEffectiveFrom}
          />
        </Field>
        <Field className={styles.note} label={label(LookupTableLabels.note)}>
          <Input
            className={styles.wideInput}
            value={note}
            maxLength={500}
            disabled={readOnly}
            onChange={(_event, data) => setNote(data.value)}
          />
        </Field>
      </div>
      {band && <Text>{t('lookup.bandHint')}</Text>}
      {general && (
        <MessageBar intent="error">
          <MessageBarBody>{general}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="lookup-editor">
        <table className={styles.table} aria-labelledby="lookup-editor">
          <thead>
            <tr>
              <th scope="col" className={styles.number}>
                {t('lookup.row')}
              </th>
              <th scope="col">{keyLabel}</th>
              {table.columns.map((column) => (
                <th scope="col" key={column.code}>
                  {column.name}
                  {column.type === 'PERCENT' ? ' (%)' : ''}
                </th>
              ))}
              {!readOnly && <th scope="col">{t('lookup.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const open = band && index === rows.length - 1;
              const problem = problemText(index);
              const line = index + 1;
              return (
                <tr key={index}>
                  <td className={styles.number}>{line}</td>
                  <td>
                    {open ? (
                      <Text>
                        {label(LookupTableLabels.openBand)}
                        {rows.length > 1 && (rows[index - 1]?.key ?? '') !== ''
                          ? ` (${t('lookup.above', { bound: formatNumber(rows[index - 1]?.key ?? '', { decimals: 4 }) })})`
                          : ''}
                      </Text>
                    ) : band || isNumeric(table.keyType) ? (
                      <DecimalInput
                        aria-label={`${keyLabel} ${line}`}
                        aria-invalid={problem ? true : undefined}
                        value={row.key}
                        decimals={band ? 0 : decimalsOf(table.keyType)}
                        disabled={readOnly}
                        onChange={(value) => setRow(index, { ...row, key: value ?? '' })}
                      />
                    ) : (
                      <Input
                        aria-label={`${keyLabel} ${line}`}
                        aria-invalid={problem ? true : undefined}
                        value={row.key}
                        maxLength={LookupTableLimits.keyMaxLength}
                        disabled={readOnly}
                        onChange={(_event, data) => setRow(index, { ...row, key: data.value })}
                      />
                    )}
                    {problem && (
                      <Text as="p" size={200} className={styles.error}>
                        {problem}
                      </Text>
                    )}
                  </td>
                  {table.columns.map((column) => {
                    const value = row.values[column.code] ?? '';
                    const set = (next: string) =>
                      setRow(index, { ...row, values: { ...row.values, [column.code]: next } });
                    const cellLabel = `${column.name} ${line}`;
                    return (
                      <td key={column.code}>
                        {isNumeric(column.type) ? (
                          <DecimalInput
                            aria-label={cellLabel}
                            value={value}
                            decimals={decimalsOf(column.type)}
                            allowNegative
                            disabled={readOnly}
                            onChange={(next) => set(next ?? '')}
                          />
                        ) : (
                          <Input
                            aria-label={cellLabel}
                            value={value}
                            maxLength={LookupTableLimits.textMaxLength}
                            disabled={readOnly}
                            onChange={(_event, data) => set(data.value)}
                          />
                        )}
                      </td>
                    );
                  })}
                  {!readOnly && (
                    <td>
                      <Button
                        size="small"
                        disabled={rows.length <= (band ? 2 : 1) || open}
                        aria-label={t('rows.removeOf', { name: t('lookup.rowNamed', { row: line }) })}
                        onClick={() => setRows(rows.filter((_, i) => i !== index))}
                      >
                        {t('rows.remove')}
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!readOnly && (
        <div className={styles.actions}>
          <Button disabled={rows.length >= LookupTableLimits.rowsMax} onClick={addRow}>
            {band ? t('lookup.addBand') : t('lookup.addRow')}
          </Button>
          <Button onClick={onCancel}>{t('lookup.cancel')}</Button>
          <Button appearance="primary" disabled={saving} onClick={() => void save()}>
            {t('lookup.saveVersion')}
          </Button>
        </div>
      )}
    </section>
  );
}
