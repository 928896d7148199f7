import {
  ACTION_LOG_RETENTION_MONTHS,
  DEFAULT_TIME_ZONE,
  EXPIRY_NOTICE_DAYS,
  isKnownTimeZone,
} from '@hcm/contracts/system';
import {
  MAX_NUMBERING_PATTERN,
  formatNumber,
  numberingPatternError,
  parseNumberingPattern,
  type NumberingKind,
} from '@hcm/contracts/resource';
import { FieldErrorKeys } from '@hcm/contracts';
import {
  FormField,
  Input,
  SettingsSection,
  Text,
  Validators,
  type FieldBinding,
  type Validator,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';

/** The form's numbering fields, as typed (the days too: a number only once it is one). */
export type NumberingValues = {
  employeeCodePattern: string;
  contractNumberPattern: string;
  contractExpiryNoticeDays: string;
  actionLogRetentionMonths: string;
};

/** The numbered field each pattern field sets (resource/numbering.ts). */
const PATTERN_FIELDS = [
  ['employeeCodePattern', 'employeeCode'],
  ['contractNumberPattern', 'contractNumber'],
] as const satisfies readonly (readonly [keyof NumberingValues, NumberingKind])[];

/** The check the server makes too (numberingPatternError); its English reason stays unsaid. */
const patternOf =
  (kind: NumberingKind): Validator =>
  (value) =>
    value === '' || numberingPatternError(kind, String(value)) === null
      ? null
      : { key: FieldErrorKeys.pattern };

const wholeNumber: Validator = (value) =>
  value === '' || /^\d+$/.test(String(value)) ? null : { key: FieldErrorKeys.pattern };

export const numberingValidators: { [K in keyof NumberingValues]: readonly Validator[] } = {
  employeeCodePattern: [
    Validators.required(),
    Validators.maxLength(MAX_NUMBERING_PATTERN),
    patternOf('employeeCode'),
  ],
  contractNumberPattern: [
    Validators.required(),
    Validators.maxLength(MAX_NUMBERING_PATTERN),
    patternOf('contractNumber'),
  ],
  contractExpiryNoticeDays: [
    Validators.required(),
    wholeNumber,
    Validators.min(EXPIRY_NOTICE_DAYS.minimum),
    Validators.max(EXPIRY_NOTICE_DAYS.maximum),
  ],
  actionLogRetentionMonths: [
    Validators.required(),
    wholeNumber,
    Validators.min(ACTION_LOG_RETENTION_MONTHS.minimum),
    Validators.max(ACTION_LOG_RETENTION_MONTHS.maximum),
  ],
};

/** Today (yyyy-MM-dd) in the tenant's zone: the day a number made now would carry. */
function todayIn(zone: string, now = new Date()): string {
  const timeZone = isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The first two numbers a valid pattern gives today (NV0001, NV0002), or null. */
export function numberingExample(kind: NumberingKind, pattern: string, day: string): string | null {
  if (numberingPatternError(kind, pattern) !== null) return null;
  const tokens = parseNumberingPattern(pattern);
  if (typeof tokens === 'string') return null;
  return [1, 2].map((counter) => formatNumber(tokens, counter, day)).join(', ');
}

/**
 * "Automatic numbering and alerts" of System › Configuration (issue 27 §8): the patterns of the
 * employee codes and contract numbers a create that leaves them empty takes, with an example of
 * what each gives today, how many days ahead HR hears of a labour contract's expiry, and how
 * many months the action log keeps (issue 28: older entries are purged).
 */
export function NumberingSettings({
  field,
  timeZone,
  className,
}: {
  field: <K extends keyof NumberingValues>(name: K) => FieldBinding<NumberingValues[K]>;
  /** the tenant's saved zone: the example's year and month are its today's */
  timeZone: string;
  className: string;
}) {
  const { t } = useAdminTranslation();
  const day = todayIn(timeZone);
  const days = field('contractExpiryNoticeDays');
  const retention = field('actionLogRetentionMonths');
  return (
    <SettingsSection
      title={t('configuration.numberingSection')}
      intro={<Text>{t('configuration.numberingHint')}</Text>}
      columnWidth={260}
    >
      {PATTERN_FIELDS.map(([name, kind]) => {
        const binding = field(name);
        const example = numberingExample(kind, binding.value, day);
        return (
          <FormField
            key={name}
            label={t(`configuration.${name}`)}
            hint={example === null ? undefined : t('configuration.patternExample', { example })}
            error={binding.error}
            required
          >
            <Input
              className={className}
              value={binding.value}
              maxLength={MAX_NUMBERING_PATTERN}
              spellCheck={false}
              onChange={(_event, data) => binding.onChange(data.value)}
              onBlur={binding.onBlur}
            />
          </FormField>
        );
      })}
      <WholeNumberSetting
        label={t('configuration.contractExpiryNoticeDays')}
        hint={t('configuration.expiryNoticeHint', {
          min: EXPIRY_NOTICE_DAYS.minimum,
          max: EXPIRY_NOTICE_DAYS.maximum,
        })}
        unit={t('configuration.days')}
        limits={EXPIRY_NOTICE_DAYS}
        binding={days}
        className={className}
      />
      <WholeNumberSetting
        label={t('configuration.actionLogRetentionMonths')}
        hint={t('configuration.actionLogRetentionHint', {
          min: ACTION_LOG_RETENTION_MONTHS.minimum,
          max: ACTION_LOG_RETENTION_MONTHS.maximum,
        })}
        unit={t('configuration.months')}
        limits={ACTION_LOG_RETENTION_MONTHS}
        binding={retention}
        className={className}
      />
    </SettingsSection>
  );
}

/** A required whole number between its limits, with its unit after it (days, months). */
function WholeNumberSetting({
  label,
  hint,
  unit,
  limits,
  binding,
  className,
}: {
  label: string;
  hint: string;
  unit: string;
  limits: { minimum: number; maximum: number };
  binding: FieldBinding<string>;
  className: string;
}) {
  return (
    <FormField label={label} hint={hint} error={binding.error} required>
      <Input
        className={className}
        type="number"
        inputMode="numeric"
        min={limits.minimum}
        max={limits.maximum}
        value={binding.value}
        onChange={(_event, data) => binding.onChange(data.value)}
        onBlur={binding.onBlur}
        contentAfter={<Text size={200}>{unit}</Text>}
      />
    </FormField>
  );
}
