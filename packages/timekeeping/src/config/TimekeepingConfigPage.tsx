import { useEffect, useMemo, useState } from 'react';
import { ErrorCodes } from '@hcm/contracts';
import {
  OVERTIME_MODES,
  SYMBOL_KINDS,
  TIMESHEET_SYMBOL_KEYS,
  TimekeepingConfigLabels as Labels,
  TimekeepingConfigLimits as Limits,
  type OvertimeMode,
  type TimekeepingConfig,
  type TimekeepingConfigVersion,
  type TimekeepingSettings,
  type TimesheetSymbolKey,
} from '@hcm/contracts/timekeeping-config';
import { ApiError } from '@hcm/session';
import {
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MonthInput,
  Option,
  SettingsSection,
  Spinner,
  Text,
  Title2,
  confirmAction,
  failureText,
  formatDate,
  makeStyles,
  notify,
  tokens,
  useHasAuthority,
} from '@hcm/ui';
import { timekeepingConfigApi } from './config-api.ts';
import { ConfigHistory } from './ConfigHistory.tsx';
import { shownMonth, useConfigTexts } from './texts.ts';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '960px',
    minWidth: 0,
  },
  month: { maxWidth: '240px' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'top',
    },
  },
  symbolInput: { width: '8em' },
  seeded: { fontFamily: tokens.fontFamilyMonospace },
  error: { color: tokens.colorPaletteRedForeground1, display: 'block' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // on a phone the kind column gives way: the meaning, default and input stay
  kindColumn: { '@media (max-width: 599px)': { display: 'none' } },
});

type Symbols = Record<TimesheetSymbolKey, string>;
interface FormValues {
  overtimeMode: OvertimeMode;
  overtimeMinimumMinutes: string;
  repeatPunchSeconds: string;
  symbols: Symbols;
  reason: string;
}

const toForm = (settings: TimekeepingSettings): FormValues => ({
  overtimeMode: settings.overtimeMode,
  overtimeMinimumMinutes: String(settings.overtimeMinimumMinutes),
  repeatPunchSeconds: String(settings.repeatPunchSeconds),
  symbols: Object.fromEntries(
    TIMESHEET_SYMBOL_KEYS.map((key) => [key, settings.symbols[key] ?? '']),
  ) as Symbols,
  reason: '',
});

const thisMonth = () => {
  const now = new Date(Date.now() + 7 * 3_600_000); // Vietnam's month
  return now.toISOString().slice(0, 7);
};

/** The version in force in `month` among `versions` (newest first); undefined: the defaults. */
const inForceAt = (versions: readonly TimekeepingConfigVersion[], month: string) =>
  versions.find((version) => version.effectiveMonth <= month);

/**
 * The form of the version from `effectiveMonth`: it starts from the version stored for that
 * month, else from what is in force then (the page gives it a new key when either changes).
 */
function ConfigForm({
  config,
  effectiveMonth,
  onEffectiveMonth,
  onChanged,
}: {
  config: TimekeepingConfig;
  effectiveMonth: string;
  onEffectiveMonth: (month: string) => void;
  onChanged: () => void;
}) {
  const styles = useStyles();
  const { text, english } = useConfigTexts();
  const mayChange = useHasAuthority('timekeeping.update');
  const stored = config.versions.find((version) => version.effectiveMonth === effectiveMonth);
  const [values, setValues] = useState<FormValues>(() =>
    toForm(stored ?? inForceAt(config.versions, effectiveMonth) ?? config.seeded),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const label = (key: TimesheetSymbolKey) => Labels.symbols[key][english ? 'en' : 'vi'];
  const fieldText = useMemo(
    () =>
      (field: string, code: string, params: Record<string, unknown> = {}): string => {
        if (code === 'error.maxlength')
          return text('tooLong', { max: Number(params.required ?? Limits.symbolMaxLength) });
        if (field.startsWith('symbols.') && typeof params.keys === 'string') {
          const own = field.slice('symbols.'.length);
          const others = params.keys
            .split(', ')
            .filter((key) => key !== own)
            .map((key) => Labels.symbols[key as TimesheetSymbolKey]?.[english ? 'en' : 'vi'] ?? key);
          return text('clash', { symbol: String(params.value ?? ''), others: others.join(', ') });
        }
        if (field.startsWith('symbols.')) return text('forbidden');
        if (field === 'reason') return text('reasonRequired');
        if (code === 'error.max') return text('atMost', { max: Number(params.required ?? 0) });
        return text('wholeNumber');
      },
    [text, english],
  );

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.code === ErrorCodes.monthLocked)
      setRefusal(text('locked', { month: shownMonth(String(error.params.month ?? effectiveMonth)) }));
    else if (error instanceof ApiError && error.status === 409) setRefusal(text('conflict'));
    else if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
      setErrors(
        Object.fromEntries(
          error.fieldErrors.map((e) => [
            e.field,
            fieldText(e.field, e.code, (e.params ?? {}) as Record<string, unknown>),
          ]),
        ),
      );
      setRefusal(text('invalid'));
    } else setRefusal(failureText(error));
  };

  const save = async () => {
    if (values.reason.trim() === '') {
      setErrors({ reason: text('reasonRequired') });
      return;
    }
    setSaving(true);
    setErrors({});
    setRefusal(null);
    try {
      const saved = await timekeepingConfigApi.save(effectiveMonth, {
        overtimeMode: values.overtimeMode,
        overtimeMinimumMinutes: Number(values.overtimeMinimumMinutes),
        repeatPunchSeconds: Number(values.repeatPunchSeconds),
        symbols: Object.fromEntries(
          TIMESHEET_SYMBOL_KEYS.map((key) => [
            key,
            values.symbols[key].trim() === '' ? null : values.symbols[key],
          ]),
        ) as TimekeepingSettings['symbols'],
        reason: values.reason,
        ...(stored ? { version: stored.version } : {}),
      });
      const { from, until } = saved.recomputed;
      notify.success(
        until
          ? text('savedUntil', { from: shownMonth(from), until: shownMonth(until) })
          : text('saved', { from: shownMonth(from) }),
      );
      onChanged();
    } catch (error) {
      refused(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!stored) return;
    if (values.reason.trim() === '') {
      setErrors({ reason: text('reasonRequired') });
      return;
    }
    const sure = await confirmAction({
      kind: 'delete',
      title: text('removeTitle', { month: shownMonth(effectiveMonth) }),
      message: text('removeWhat', { reason: values.reason.trim() }),
    });
    if (!sure) return;
    setSaving(true);
    setRefusal(null);
    try {
      const removed = await timekeepingConfigApi.remove(effectiveMonth, {
        reason: values.reason,
        version: stored.version,
      });
      notify.success(text('removed', { from: shownMonth(removed.recomputed.from) }));
      onChanged();
    } catch (error) {
      refused(error);
    } finally {
      setSaving(false);
    }
  };

  const set = (patch: Partial<FormValues>) => setValues((current) => ({ ...current, ...patch }));
  const setSymbol = (key: TimesheetSymbolKey, symbol: string) =>
    setValues((current) => ({ ...current, symbols: { ...current.symbols, [key]: symbol } }));
  const errorOf = (field: string) => errors[field];

  return (
    <form
      // the form says what is missing in the page's words, not the browser's
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset disabled={!mayChange || saving} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className={styles.page}>
          {!mayChange && (
            <MessageBar intent="info">
              <MessageBarBody>{text('readOnly')}</MessageBarBody>
            </MessageBar>
          )}
          <SettingsSection
            title={text('editing')}
            intro={
              <Text>
                {stored
                  ? text('editingStored', { month: shownMonth(effectiveMonth), version: stored.version })
                  : text('editingNew', { month: shownMonth(effectiveMonth) })}
              </Text>
            }
            columnWidth={260}
          >
            <Field label={text('effectiveMonth')} required>
              <MonthInput value={effectiveMonth} onChange={onEffectiveMonth} label={text('effectiveMonth')} />
            </Field>
            <Field
              label={Labels.overtimeMode[english ? 'en' : 'vi']}
              hint={text(`overtimeHint${values.overtimeMode}`)}
              validationMessage={errorOf('overtimeMode')}
            >
              <Dropdown
                value={Labels.overtimeModes[values.overtimeMode][english ? 'en' : 'vi']}
                selectedOptions={[values.overtimeMode]}
                onOptionSelect={(_event, data) => set({ overtimeMode: data.optionValue as OvertimeMode })}
              >
                {OVERTIME_MODES.map((mode) => (
                  <Option key={mode} value={mode}>
                    {Labels.overtimeModes[mode][english ? 'en' : 'vi']}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field
              label={Labels.overtimeMinimumMinutes[english ? 'en' : 'vi']}
              validationMessage={errorOf('overtimeMinimumMinutes')}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={Limits.overtimeMinimumMinutesMax}
                disabled={values.overtimeMode !== 'PUNCHED'}
                value={values.overtimeMinimumMinutes}
                onChange={(_event, data) => set({ overtimeMinimumMinutes: data.value })}
              />
            </Field>
            <Field
              label={Labels.repeatPunchSeconds[english ? 'en' : 'vi']}
              validationMessage={errorOf('repeatPunchSeconds')}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={Limits.repeatPunchSecondsMax}
                value={values.repeatPunchSeconds}
                onChange={(_event, data) => set({ repeatPunchSeconds: data.value })}
              />
            </Field>
          </SettingsSection>
          <SettingsSection title={text('symbols')} intro={<Text>{text('symbolsIntro')}</Text>} stack>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{text('meaning')}</th>
                  <th scope="col" className={styles.kindColumn}>
                    {text('kind')}
                  </th>
                  <th scope="col">{text('seeded')}</th>
                  <th scope="col">{text('symbol')}</th>
                </tr>
              </thead>
              <tbody>
                {TIMESHEET_SYMBOL_KEYS.map((key) => {
                  const error = errorOf(`symbols.${key}`);
                  const errorId = `symbol-error-${key}`;
                  return (
                    <tr key={key}>
                      <th scope="row">{label(key)}</th>
                      <td className={styles.kindColumn}>
                        {Labels.kinds[SYMBOL_KINDS[key]][english ? 'en' : 'vi']}
                      </td>
                      <td className={styles.seeded}>{config.seeded.symbols[key] ?? text('blank')}</td>
                      <td>
                        <Input
                          className={styles.symbolInput}
                          aria-label={text('symbolOf', { meaning: label(key) })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          maxLength={Limits.symbolMaxLength * 2}
                          value={values.symbols[key]}
                          onChange={(_event, data) => setSymbol(key, data.value)}
                        />
                        {error && (
                          <Text id={errorId} size={200} className={styles.error}>
                            {error}
                          </Text>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </SettingsSection>
          <Field label={text('reason')} required validationMessage={errorOf('reason')}>
            <Input
              maxLength={Limits.reasonMaxLength}
              value={values.reason}
              onChange={(_event, data) => set({ reason: data.value })}
            />
          </Field>
          {refusal && (
            <MessageBar intent="error">
              <MessageBarBody>{refusal}</MessageBarBody>
            </MessageBar>
          )}
          {mayChange && (
            <div className={styles.buttons}>
              <Button appearance="primary" type="submit" disabled={saving}>
                {text('save')}
              </Button>
              <Button type="button" onClick={() => set({ symbols: toForm(config.seeded).symbols })}>
                {text('useSeeded')}
              </Button>
              {stored && (
                <Button type="button" onClick={() => void remove()}>
                  {text('remove', { month: shownMonth(effectiveMonth) })}
                </Button>
              )}
            </div>
          )}
        </div>
      </fieldset>
    </form>
  );
}

/**
 * Timekeeping › Configuration › General config (/tm/config; docs/timekeeping-config.md): the
 * settings in force in a month, the form that stores a version from a month, and the history.
 */
export default function TimekeepingConfigPage() {
  const styles = useStyles();
  const { text } = useConfigTexts();
  const [viewMonth, setViewMonth] = useState(thisMonth);
  const [effectiveMonth, setEffectiveMonth] = useState(thisMonth);
  const [reads, setReads] = useState(0);
  const [read, setRead] = useState<{ config: TimekeepingConfig | null; failed: boolean }>({
    config: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    timekeepingConfigApi
      .read(viewMonth)
      .then((config) => live && setRead({ config, failed: false }))
      .catch(() => live && setRead((current) => ({ ...current, failed: true })));
    return () => {
      live = false;
    };
  }, [viewMonth, reads]);
  const { config, failed } = read;
  const inForce = config?.inForce ?? null;
  const stored = config?.versions.find((version) => version.effectiveMonth === effectiveMonth);

  return (
    <div className={styles.page}>
      <Title2 as="h1">{text('title')}</Title2>
      <Text>{text('intro')}</Text>
      <Field label={text('viewMonth')} className={styles.month}>
        <MonthInput value={viewMonth} onChange={setViewMonth} label={text('viewMonth')} />
      </Field>
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{text('loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!config && !failed && <Spinner size="tiny" />}
      {config && (
        <Text role="status">
          {inForce
            ? text('inForceVersion', {
                month: shownMonth(config.month),
                from: shownMonth(inForce.effectiveMonth),
                who: inForce.changedByName ?? '',
                at: formatDate(inForce.changedAt, 'date'),
                reason: inForce.reason,
              })
            : text('inForceSeeded', { month: shownMonth(config.month) })}
        </Text>
      )}
      {config && (
        <ConfigForm
          key={`${effectiveMonth}|${stored?.version ?? 0}`}
          config={config}
          effectiveMonth={effectiveMonth}
          onEffectiveMonth={setEffectiveMonth}
          onChanged={() => setReads((n) => n + 1)}
        />
      )}
      {config && <ConfigHistory versions={config.versions} seeded={config.seeded} />}
    </div>
  );
}
