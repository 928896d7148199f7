import { useEffect, useState, type ReactNode } from 'react';
import { STATISTICS_UNIT_TARGET } from '@hcm/contracts/worker-statistics';
import { TimekeepingReportLabels as L } from '@hcm/contracts/timekeeping-reports';
import { Button, DateInput, Field, MonthInput, ReferencePicker, makeStyles, tokens } from '@hcm/ui';
import { readReport, type ReportQuery } from './reports-api.ts';
import { useReportTexts } from './texts.ts';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    '& > *': { minWidth: '160px', flexGrow: 1 },
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexGrow: 0 },
});

/** Today in Vietnam (UTC+7), 'YYYY-MM-DD', whatever the browser's zone. */
export const todayInVietnam = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const lastDayOf = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
};
/** 'YYYY-MM-DD' as a local Date for the date input, and back. */
const asDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const asDay = (date: Date | null) =>
  date && !Number.isNaN(date.getTime())
    ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
    : null;

/** What every report is asked for: a unit (null: the caller's whole scope), a day, a period. */
export interface Filters {
  readonly unitId: string | null;
  readonly date: string;
  readonly month: string;
  readonly from: string;
  readonly to: string;
  /** how many times Show was pressed: the same filters shown again are asked again */
  readonly round: number;
}
export const initialFilters = (): Filters => {
  const today = todayInVietnam();
  const month = today.slice(0, 7);
  return { unitId: null, date: today, month, from: `${month}-01`, to: lastDayOf(month), round: 0 };
};

/**
 * The unit and the day (the troop report) or the period (a month, which sets from and to, or any
 * from–to), Show and Export: `onShow` hands the filters up; nothing is asked before.
 */
export function ReportFilters(props: {
  filters: Filters;
  kind: 'day' | 'period';
  onShow: (filters: Filters) => void;
  onExport?: (() => void) | undefined;
  extra?: ReactNode;
}) {
  const styles = useStyles();
  const { text, label } = useReportTexts();
  const [draft, setDraft] = useState(props.filters);
  const set = (change: Partial<Filters>) => setDraft((before) => ({ ...before, ...change }));
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        props.onShow({ ...draft, round: props.filters.round + 1 });
      }}
    >
      <Field label={label(L.unit)}>
        <ReferencePicker
          target={STATISTICS_UNIT_TARGET}
          value={draft.unitId}
          onChange={(unitId) => set({ unitId })}
          placeholder={text('wholeScope')}
        />
      </Field>
      {props.kind === 'day' ? (
        <Field label={label(L.date)}>
          <DateInput
            label={label(L.date)}
            value={asDate(draft.date)}
            onChange={(d) => set({ date: asDay(d) ?? draft.date })}
          />
        </Field>
      ) : (
        <>
          <Field label={label(L.month)} hint={text('monthOrRange')}>
            <MonthInput
              label={label(L.month)}
              value={draft.month}
              onChange={(month) => set({ month, from: `${month}-01`, to: lastDayOf(month) })}
            />
          </Field>
          <Field label={label(L.from)}>
            <DateInput
              label={label(L.from)}
              value={asDate(draft.from)}
              onChange={(d) => set({ from: asDay(d) ?? draft.from })}
            />
          </Field>
          <Field label={label(L.to)}>
            <DateInput
              label={label(L.to)}
              value={asDate(draft.to)}
              onChange={(d) => set({ to: asDay(d) ?? draft.to })}
            />
          </Field>
        </>
      )}
      {props.extra}
      <div className={styles.buttons}>
        <Button appearance="primary" type="submit">
          {text('show')}
        </Button>
        {props.onExport && (
          <Button type="button" onClick={props.onExport}>
            {text('export')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The query of a period report. */
export const periodQuery = (filters: Filters): ReportQuery => ({
  organizationUnitId: filters.unitId ?? undefined,
  from: filters.from,
  to: filters.to,
});

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** A report read whenever its path or query changes; the last answer wins. */
export function useReport<T>(path: string, query: ReportQuery, round: number): Loaded<T> {
  const key = JSON.stringify([path, query, round]);
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded<T> } | null>(null);
  useEffect(() => {
    let alive = true;
    readReport<T>(path, JSON.parse(key)[1] as ReportQuery)
      .then((data) => alive && setLoaded({ key, value: { state: 'ready', data } }))
      .catch(() => alive && setLoaded({ key, value: { state: 'failed' } }));
    return () => {
      alive = false;
    };
  }, [key, path]);
  return loaded?.key === key ? loaded.value : { state: 'loading' };
}
