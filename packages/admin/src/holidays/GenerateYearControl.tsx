import { useState } from 'react';
import {
  STATUTORY_YEARS,
  type GeneratedHolidayYear,
  type GenerateHolidayYearBody,
  type NationalDayNeighbour,
} from '@hcm/contracts/labour-calendar';
import { label, type Label } from '@hcm/contracts/resource';
import { ApiError, api } from '@hcm/session';
import {
  Authorized,
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  failureText,
  makeStyles,
  notify,
  useUiTranslation,
} from '@hcm/ui';

const HOLIDAYS = '/api/om/holidays';

/** The words of the control, in both languages (the contracts' Label, like the pages' own). */
export const GenerateYearLabels = {
  year: label('holiday.generate.year', 'Năm', 'Year'),
  neighbour: label('holiday.generate.neighbour', 'Nghỉ liền kề Quốc khánh', 'Beside National Day'),
  before: label('holiday.generate.before', 'Ngày 01/09', '1 September'),
  after: label('holiday.generate.after', 'Ngày 03/09', '3 September'),
  generate: label('holiday.generate.button', 'Tạo ngày lễ theo luật', 'Add the statutory days'),
  hint: label(
    'holiday.generate.hint',
    'Thêm các ngày lễ, Tết theo Bộ luật Lao động (âm lịch Việt Nam) và ngày nghỉ bù của năm; không sửa ngày đã có',
    "Adds the year's public holidays by the Labour Code (Vietnamese lunar calendar) and their compensatory days; days already there are left as they are",
  ),
  done: label(
    'holiday.generate.done',
    'Năm {{year}}: đã thêm {{created}} ngày, giữ nguyên {{skipped}} ngày đã có',
    '{{year}}: {{created}} added, {{skipped}} already there kept',
  ),
  badYear: label(
    'holiday.generate.badYear',
    'Nhập một năm từ {{min}} đến {{max}}',
    'Enter a year from {{min}} to {{max}}',
  ),
} as const;

const useStyles = makeStyles({
  control: { display: 'flex', alignItems: 'flex-end', columnGap: '8px' },
  year: { width: '120px' },
  neighbour: { minWidth: '160px' },
});

/**
 * The holiday list's "add the statutory days of a year" (POST /api/om/holidays/generate-year,
 * holiday.create): the year typed, the public holidays and compensatory days written by the
 * server from the lunar calendar, never changing a day the tenant has; `onGenerated` lets the
 * list read again. A year the server refuses is said under the field.
 */
export function GenerateYearControl({
  onGenerated,
  now = () => new Date(),
}: {
  onGenerated: () => void;
  now?: () => Date;
}) {
  const { i18n } = useUiTranslation();
  const text = (words: Label, values: Readonly<Record<string, string | number>> = {}) =>
    (i18n.language === 'en' ? words.en : words.vi).replace(/\{\{(\w+)\}\}/g, (_all, name: string) =>
      String(values[name] ?? ''),
    );
  const styles = useStyles();
  const [year, setYear] = useState(String(now().getFullYear() + 1));
  const [neighbour, setNeighbour] = useState<NationalDayNeighbour>('BEFORE');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const badYear = text(GenerateYearLabels.badYear, STATUTORY_YEARS);

  const generate = async () => {
    const value = Number(year);
    if (!Number.isInteger(value) || value < STATUTORY_YEARS.min || value > STATUTORY_YEARS.max) {
      setProblem(badYear);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const body: GenerateHolidayYearBody = { year: value, nationalDayNeighbour: neighbour };
      const done = await api.post<GeneratedHolidayYear>(`${HOLIDAYS}/generate-year`, body, {
        ignoreError: true,
      });
      notify.success(
        text(GenerateYearLabels.done, {
          year: done.year,
          created: done.created.length,
          skipped: done.skipped.length,
        }),
      );
      onGenerated();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.some((e) => e.field === 'year')) setProblem(badYear);
      else setProblem(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Authorized anyOf={['holiday.create']}>
      <div className={styles.control}>
        <Field
          label={text(GenerateYearLabels.year)}
          validationMessage={problem ?? undefined}
          validationState={problem ? 'error' : 'none'}
          className={styles.year}
        >
          <Input
            type="number"
            min={STATUTORY_YEARS.min}
            max={STATUTORY_YEARS.max}
            value={year}
            onChange={(_event, data) => setYear(data.value)}
          />
        </Field>
        <Field label={text(GenerateYearLabels.neighbour)} className={styles.neighbour}>
          <Dropdown
            value={text(neighbour === 'BEFORE' ? GenerateYearLabels.before : GenerateYearLabels.after)}
            selectedOptions={[neighbour]}
            onOptionSelect={(_event, data) => setNeighbour(data.optionValue === 'AFTER' ? 'AFTER' : 'BEFORE')}
          >
            <Option value="BEFORE">{text(GenerateYearLabels.before)}</Option>
            <Option value="AFTER">{text(GenerateYearLabels.after)}</Option>
          </Dropdown>
        </Field>
        <Button disabled={busy} title={text(GenerateYearLabels.hint)} onClick={() => void generate()}>
          {text(GenerateYearLabels.generate)}
        </Button>
      </div>
    </Authorized>
  );
}
