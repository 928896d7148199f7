import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  ConfigurationLanguages,
  DateFormatChoices,
  isKnownTimeZone,
  LIFETIME_FIELDS,
  MIN_LIFETIME_SECONDS,
  timeZoneChoices,
  WEEKDAYS,
  WorkdayKinds,
  type Configuration,
  type ConfigurationBody,
  type LifetimeField,
  type WorkingWeek,
} from '@hcm/contracts/system';
import { FieldErrorKeys } from '@hcm/contracts';
import {
  WORKER_SELF_SERVICE_CHOICES,
  workerContract,
  type WorkerSelfServiceField,
} from '@hcm/contracts/workers';
import { ApiError } from '@hcm/session';
import {
  Authorized,
  Button,
  Checkbox,
  Combobox,
  Dropdown,
  FormField,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Loading,
  SettingsSection,
  Text,
  Title2,
  Validators,
  confirmAction,
  makeStyles,
  notify,
  serverFieldErrors,
  tokens,
  useFormState,
  useUiTranslation,
  useUnsavedChangesWarning,
  failureText,
  type FieldError,
  type Validator,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { configurationApi } from './configuration-api.ts';
import { NumberingSettings, numberingValidators, type NumberingValues } from './NumberingSettings.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  weekError: { color: tokens.colorPaletteRedForeground1, gridColumn: '1 / -1' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // Fluent's dropdowns ask for 250 px; in a grid cell they take the cell's width instead.
  control: { minWidth: 0, width: '100%' },
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The form's values: lifetimes in minutes as typed (text), the rest as the API has them. */
type FormValues = {
  workerSelfServiceFields: readonly WorkerSelfServiceField[];
  requesterMayApprove: boolean;
  timeZone: string;
  workingWeek: WorkingWeek;
  language: ConfigurationBody['language'];
  dateFormat: ConfigurationBody['dateFormat'];
} & Record<LifetimeField, string> &
  NumberingValues;

const toForm = (configuration: Configuration): FormValues => ({
  workerSelfServiceFields: WORKER_SELF_SERVICE_CHOICES.filter((field) =>
    configuration.workerSelfServiceFields.includes(field),
  ),
  requesterMayApprove: configuration.requesterMayApprove,
  timeZone: configuration.timeZone,
  workingWeek: configuration.workingWeek,
  language: configuration.language,
  dateFormat: configuration.dateFormat,
  employeeCodePattern: configuration.employeeCodePattern,
  contractNumberPattern: configuration.contractNumberPattern,
  contractExpiryNoticeDays: String(configuration.contractExpiryNoticeDays),
  actionLogRetentionMonths: String(configuration.actionLogRetentionMonths),
  ...(Object.fromEntries(
    LIFETIME_FIELDS.map((field) => [field, String(Math.floor(configuration[field] / 60))]),
  ) as Record<LifetimeField, string>),
});

const toBody = (values: FormValues, version: number): ConfigurationBody => ({
  // in the order the page lists them, whatever order they were ticked in
  workerSelfServiceFields: WORKER_SELF_SERVICE_CHOICES.filter((field) =>
    values.workerSelfServiceFields.includes(field),
  ),
  requesterMayApprove: values.requesterMayApprove,
  timeZone: values.timeZone,
  workingWeek: values.workingWeek,
  language: values.language,
  dateFormat: values.dateFormat,
  employeeCodePattern: values.employeeCodePattern,
  contractNumberPattern: values.contractNumberPattern,
  contractExpiryNoticeDays: Number(values.contractExpiryNoticeDays),
  actionLogRetentionMonths: Number(values.actionLogRetentionMonths),
  ...(Object.fromEntries(LIFETIME_FIELDS.map((field) => [field, Number(values[field]) * 60])) as Record<
    LifetimeField,
    number
  >),
  version,
});

const wholeMinutes: Validator = (value) =>
  value === '' || /^\d+$/.test(String(value)) ? null : { key: FieldErrorKeys.pattern };
const knownZone: Validator = (value) =>
  value === '' || isKnownTimeZone(String(value)) ? null : { key: FieldErrorKeys.invalidValue };

/** A week with a working day: approval steps in working days count them (the server's rule too). */
const someWorkingDay: Validator = (value) =>
  Object.values(value as WorkingWeek).some((kind) => kind !== 'OFF')
    ? null
    : { key: FieldErrorKeys.invalidValue };

/** The time zone: a combobox that narrows the runtime's zones as the user types. */
function TimeZonePicker({
  value,
  onChange,
  onBlur,
  className,
}: {
  className: string;
  value: string;
  onChange: (zone: string) => void;
  onBlur: () => void;
}) {
  const zones = useMemo(() => timeZoneChoices(), []);
  const [query, setQuery] = useState(value);
  const [open, setOpen] = useState(false);
  const needle = query.trim().toLowerCase();
  // The whole list is long (400+): show the matches, at most 50, the chosen one first.
  const shown = (
    needle === '' || needle === value.toLowerCase()
      ? zones
      : zones.filter((zone) => zone.toLowerCase().includes(needle))
  ).slice(0, 50);
  return (
    <Combobox
      className={className}
      value={query}
      selectedOptions={[value]}
      freeform
      open={open}
      onOpenChange={(_event, data) => setOpen(data.open)}
      onChange={(event) => {
        setQuery(event.target.value);
        onChange(event.target.value);
      }}
      onOptionSelect={(_event, data) => {
        if (!data.optionValue) return;
        setQuery(data.optionValue);
        onChange(data.optionValue);
      }}
      onBlur={onBlur}
    >
      {shown.map((zone) => (
        <Option key={zone} value={zone}>
          {zone}
        </Option>
      ))}
    </Combobox>
  );
}

function ConfigurationForm({
  configuration,
  onSaved,
  onReload,
}: {
  configuration: Configuration;
  onSaved: (saved: Configuration) => void;
  onReload: () => void;
}) {
  const styles = useStyles();
  const { t, i18n } = useAdminTranslation();
  const ui = useUiTranslation();
  const start = useMemo(() => toForm(configuration), [configuration]);
  const minutes = (field: LifetimeField): readonly Validator[] => [
    Validators.required(),
    wholeMinutes,
    Validators.min(MIN_LIFETIME_SECONDS / 60),
    Validators.max(Math.floor(configuration.limits[field] / 60)),
  ];
  const form = useFormState<FormValues>({
    initialValues: start,
    validators: {
      timeZone: [Validators.required(), knownZone],
      workingWeek: [someWorkingDay],
      ...numberingValidators,
      ...(Object.fromEntries(LIFETIME_FIELDS.map((field) => [field, minutes(field)])) as Record<
        LifetimeField,
        readonly Validator[]
      >),
    },
  });
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(start);
  const askToLeave = () =>
    confirmAction({
      kind: 'confirm',
      title: ui.t('resource.unsavedTitle'),
      message: ui.t('resource.unsaved'),
    });
  useUnsavedChangesWarning(dirty && !saving, askToLeave);

  const save = async () => {
    setSaving(true);
    setConflict(false);
    try {
      const saved = await configurationApi.save(toBody(form.values, configuration.version));
      notify.success(t('configuration.saved'));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else if (error instanceof ApiError && error.status === 400) {
        // The server says seconds; the form shows minutes: the field is what matters. A bad
        // numbering pattern shows on its field as the form's own check would.
        const errors: Record<string, FieldError> = serverFieldErrors(error.fieldErrors);
        form.setErrors(errors as Partial<Record<keyof FormValues, FieldError>>);
      } else notify.error(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const lifetime = (field: LifetimeField) => {
    const binding = form.field(field);
    return (
      <FormField
        key={field}
        label={t(`configuration.${field}`)}
        hint={t('configuration.minutesHint', { max: Math.floor(configuration.limits[field] / 60) })}
        error={binding.error}
        required
      >
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_LIFETIME_SECONDS / 60}
          max={Math.floor(configuration.limits[field] / 60)}
          value={binding.value}
          onChange={(_event, data) => binding.onChange(data.value)}
          onBlur={binding.onBlur}
          contentAfter={<Text size={200}>{t('configuration.minutes')}</Text>}
        />
      </FormField>
    );
  };

  const zone = form.field('timeZone');
  const week = form.values.workingWeek;
  return (
    <form
      className={styles.page}
      noValidate
      onSubmit={(event: FormEvent) => {
        void form.handleSubmit(save)(event);
      }}
    >
      {configuration.inherited && (
        <MessageBar intent="info">
          <MessageBarBody>{t('configuration.inherited')}</MessageBarBody>
        </MessageBar>
      )}
      {conflict && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t('configuration.conflict')}{' '}
            <Button appearance="transparent" onClick={onReload}>
              {t('configuration.reload')}
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}
      <SettingsSection title={t('configuration.regionSection')} columnWidth={200}>
        <FormField label={t('configuration.timeZone')} error={zone.error} required>
          <TimeZonePicker
            className={styles.control}
            value={zone.value}
            onChange={zone.onChange}
            onBlur={zone.onBlur}
          />
        </FormField>
        <FormField label={t('configuration.language')}>
          <Dropdown
            className={styles.control}
            value={t(`configuration.languages.${form.values.language}`)}
            selectedOptions={[form.values.language]}
            onOptionSelect={(_event, data) =>
              form.setValue('language', data.optionValue as FormValues['language'])
            }
          >
            {ConfigurationLanguages.map((language) => (
              <Option key={language} value={language}>
                {t(`configuration.languages.${language}`)}
              </Option>
            ))}
          </Dropdown>
        </FormField>
        <FormField label={t('configuration.dateFormat')}>
          <Dropdown
            className={styles.control}
            value={form.values.dateFormat}
            selectedOptions={[form.values.dateFormat]}
            onOptionSelect={(_event, data) =>
              form.setValue('dateFormat', data.optionValue as FormValues['dateFormat'])
            }
          >
            {DateFormatChoices.map((format) => (
              <Option key={format} value={format}>
                {format}
              </Option>
            ))}
          </Dropdown>
        </FormField>
      </SettingsSection>

      <SettingsSection title={t('configuration.weekSection')} columnWidth={200}>
        {WEEKDAYS.map((day) => (
          <FormField key={day} label={t(`configuration.weekdays.${day}`)}>
            <Dropdown
              className={styles.control}
              value={t(`configuration.dayKinds.${week[day]}`)}
              selectedOptions={[week[day]]}
              onOptionSelect={(_event, data) =>
                form.setValue('workingWeek', {
                  ...week,
                  [day]: data.optionValue as WorkingWeek[typeof day],
                })
              }
            >
              {WorkdayKinds.map((kind) => (
                <Option key={kind} value={kind}>
                  {t(`configuration.dayKinds.${kind}`)}
                </Option>
              ))}
            </Dropdown>
          </FormField>
        ))}
        {form.field('workingWeek').error && (
          <Text role="alert" className={styles.weekError}>
            {t('configuration.weekNeedsWorkday')}
          </Text>
        )}
      </SettingsSection>

      <SettingsSection
        title={t('configuration.sessionSection')}
        intro={<Text>{t('configuration.sessionHint')}</Text>}
        columnWidth={200}
      >
        {LIFETIME_FIELDS.map(lifetime)}
      </SettingsSection>

      <SettingsSection
        title={t('configuration.selfServiceSection')}
        intro={<Text>{t('configuration.selfServiceHint')}</Text>}
        columnWidth={240}
      >
        {WORKER_SELF_SERVICE_CHOICES.map((field) => (
          <Checkbox
            key={field}
            label={workerContract.fields[field].label[i18n.language === 'en' ? 'en' : 'vi']}
            checked={form.values.workerSelfServiceFields.includes(field)}
            onChange={(_event, data) =>
              // kept in the page's order: ticking one off and on again is no change
              form.setValue(
                'workerSelfServiceFields',
                WORKER_SELF_SERVICE_CHOICES.filter((choice) =>
                  choice === field
                    ? data.checked === true
                    : form.values.workerSelfServiceFields.includes(choice),
                ),
              )
            }
          />
        ))}
      </SettingsSection>

      <SettingsSection
        title={t('configuration.approvalSection')}
        intro={<Text>{t('configuration.requesterMayApproveHint')}</Text>}
        columnWidth={240}
      >
        <Checkbox
          label={t('configuration.requesterMayApprove')}
          checked={form.values.requesterMayApprove}
          onChange={(_event, data) => form.setValue('requesterMayApprove', data.checked === true)}
        />
      </SettingsSection>

      <NumberingSettings field={form.field} timeZone={configuration.timeZone} className={styles.control} />

      <Authorized anyOf={['configuration.update']}>
        <div className={styles.buttons}>
          <Button type="submit" appearance="primary" disabled={saving || !dirty}>
            {saving ? <Loading size="tiny" /> : t('configuration.save')}
          </Button>
          <Button disabled={saving || !dirty} onClick={() => form.reset(start)}>
            {t('configuration.discard')}
          </Button>
        </div>
      </Authorized>
    </form>
  );
}

/**
 * System › Configuration (/system/configuration): one settings record, not a list, so a form
 * of its own rather than the generic pages: the time zone, the working week, the session
 * lifetimes (at most the server's), self-service, four eyes, and automatic numbering and contract
 * expiry alerts of the caller's tenant, or the system defaults for system users.
 */
export default function ConfigurationPage() {
  const { t } = useAdminTranslation();
  const [configuration, setConfiguration] = useState<Configuration | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const load = () => {
    configurationApi
      .read()
      .then((loaded) => {
        setFailed(false);
        setConfiguration(loaded);
        setGeneration((n) => n + 1);
      })
      .catch(() => setFailed(true));
  };
  useEffect(() => load(), []);
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Title2 as="h1">{t('configuration.title')}</Title2>
      {configuration && (
        <Text as="p">
          {t(configuration.scope === 'system' ? 'configuration.systemScope' : 'configuration.tenantScope')}
        </Text>
      )}
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('configuration.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!configuration && !failed && <Loading size="small" />}
      {configuration && (
        <ConfigurationForm
          // a new record (saved or reloaded) starts a fresh form: its values are the record's
          key={generation}
          configuration={configuration}
          onSaved={(saved) => {
            setConfiguration(saved);
            setGeneration((n) => n + 1);
          }}
          onReload={load}
        />
      )}
    </div>
  );
}
