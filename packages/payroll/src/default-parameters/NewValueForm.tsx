import { useState } from 'react';
import { parameterContract } from '@hcm/contracts/settings';
import { api } from '@hcm/session';
import {
  Button,
  DateInput,
  DecimalInput,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  formatDate,
  makeStyles,
  notify,
  tokens,
  useFailureText,
} from '@hcm/ui';
import { isoDay } from '../dates.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { laterThanAll, type ParameterHistory } from './parameter-history.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  fields: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalL },
  wide: { flex: '1 1 280px', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * A new dated value of one parameter: the value and the day it takes effect, after every value
 * the code already has (the law's change is added, history stays as it was), and the legal
 * source in the description. The parameter's name and unit carry over from its newest value.
 */
export function NewValueForm({
  history,
  onAdded,
  onCancel,
}: {
  history: ParameterHistory;
  onAdded: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const failureText = useFailureText();
  const [value, setValue] = useState<string | null>(null);
  const [date, setDate] = useState<Date | null>(null);
  const [source, setSource] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const day = date && !Number.isNaN(date.getTime()) ? isoDay(date) : null;
  const follows = day ? laterThanAll(history, day) : null;
  const valueProblem = value === null || value === '' ? t('parameters.valueRequired') : null;
  const dateProblem = !day
    ? t('parameters.dateRequired')
    : follows
      ? t('parameters.dateAfter', { date: formatDate(follows, 'date') })
      : null;
  const titleId = `new-value-${history.code}`;
  const unit = history.unit ?? '';

  const save = async () => {
    setTried(true);
    setRefused(null);
    if (valueProblem || dateProblem || !day) return;
    setSaving(true);
    try {
      await api.post(
        parameterContract.apiPath,
        {
          code: history.code,
          name: history.name,
          value,
          unit: history.unit,
          effectiveDate: day,
          description: source.trim() === '' ? null : source.trim(),
        },
        { ignoreError: true },
      );
      void notify.success(t('parameters.added', { code: history.code, date: formatDate(day, 'date') }));
      onAdded();
    } catch (error) {
      setRefused(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const valueLabel = unit ? t('parameters.newValueIn', { unit }) : t('parameters.newValue');
  const dateLabel = t('parameters.effectiveDate');
  return (
    <form
      className={styles.form}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Subtitle2 as="h2" id={titleId}>
        {t('parameters.addTitle', { code: history.code, name: history.name })}
      </Subtitle2>
      <div className={styles.fields}>
        <Field
          label={valueLabel}
          required
          validationState={tried && valueProblem ? 'error' : 'none'}
          validationMessage={tried ? (valueProblem ?? undefined) : undefined}
        >
          <DecimalInput value={value} decimals={3} onChange={setValue} />
        </Field>
        <Field
          label={dateLabel}
          required
          validationState={(tried || follows) && dateProblem ? 'error' : 'none'}
          validationMessage={(tried || follows) && dateProblem ? dateProblem : undefined}
        >
          <DateInput label={dateLabel} value={date} onChange={setDate} />
        </Field>
        <Field className={styles.wide} label={t('parameters.source')}>
          <Input value={source} maxLength={500} onChange={(_event, data) => setSource(data.value)} />
        </Field>
      </div>
      {refused && (
        <MessageBar intent="error">
          <MessageBarBody>{refused}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={saving}>
          {t('parameters.save')}
        </Button>
        <Button onClick={onCancel}>{t('parameters.cancel')}</Button>
      </div>
    </form>
  );
}
