import { useEffect, useMemo, useState } from 'react';
import type { ShiftSummaryRow } from '@hcm/contracts/work-calendars';
import {
  Button,
  DataGrid,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
  useScreenSize,
  type GridColumn,
} from '@hcm/ui';
import { UnitMonthForm } from '../pages/UnitMonthForm.tsx';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { summaryPage } from './work-calendar-api.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  more: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** This month, 'YYYY-MM', in Vietnam (UTC+7), whatever the browser's zone. */
const thisMonth = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);

interface Loaded {
  key: string;
  days: readonly string[];
  rows: readonly ShiftSummaryRow[];
  next: string | null;
}

/**
 * Timekeeping › Summary of shifts: a unit (and the units below it) and a month, and who works
 * which shift each day, as a grid of workers × days (the kit's DataGrid: virtualised, names
 * pinned, keyboard, copy to Excel). The server answers keyset pages of workers
 * (GET /api/tm/summary-of-shift); "more" appends the next page.
 */
export default function SummaryOfShiftPage() {
  const { t } = useTimekeepingTranslation();
  const styles = useStyles();
  // a link may name the unit and the month (?unit=&month=): the grid is asked at once
  const [initial] = useState(() => new URLSearchParams(window.location.search));
  const [unitId, setUnitId] = useState<string | null>(initial.get('unit'));
  const [month, setMonth] = useState(() => initial.get('month') ?? thisMonth());
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(() => initial.get('unit') !== null);
  const [failed, setFailed] = useState(false);
  const key = `${unitId ?? ''}#${month}`;
  const ready = unitId !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(month);

  /** asks for a page; the state it sets is set when the answer comes */
  const fetchPage = (after: string | null) => {
    if (!unitId || !ready) return;
    summaryPage(unitId, month, after)
      .then((page) =>
        setLoaded((before) => ({
          key,
          days: page.days,
          rows: after && before?.key === key ? [...before.rows, ...page.rows] : page.rows,
          next: page.next,
        })),
      )
      .then(() => setFailed(false))
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  const load = (after: string | null) => {
    if (!ready) return;
    setBusy(true);
    fetchPage(after);
  };

  useEffect(() => {
    if (initial.get('unit')) fetchPage(null);
    // once, for the link's own question
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const current = loaded?.key === key ? loaded : null;
  // on a phone only the name stays pinned, so that the days keep most of the width
  const phone = useScreenSize() === 'mobile';
  const columns = useMemo<GridColumn<ShiftSummaryRow>[]>(
    () => [
      ...(phone ? [] : [{ key: 'code', header: t('workCalendars.summary.code'), width: 96, pinned: true }]),
      {
        key: 'fullName',
        header: t('workCalendars.summary.name'),
        width: phone ? 132 : 180,
        pinned: true,
        rowHeader: true,
      },
      ...(current?.days ?? []).map((day, index) => ({
        key: day,
        // the day of the month and its weekday (T2 … CN), as a paper schedule heads its columns
        header: `${day.slice(8, 10)} ${t(`workCalendars.weekdayShort.${new Date(`${day}T00:00:00Z`).getUTCDay()}`)}`,
        width: 60,
        value: (row: ShiftSummaryRow) => {
          const shift = row.shifts[index] ?? null;
          return shift === 'OFF' ? t('workCalendars.offShort') : (shift ?? '');
        },
      })),
    ],
    [current?.days, phone, t],
  );

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('workCalendars.summary.title')}</Title2>
      <UnitMonthForm
        labels={{
          unit: t('workCalendars.summary.unit'),
          month: t('workCalendars.summary.month'),
          show: t('workCalendars.summary.show'),
        }}
        unitId={unitId}
        onUnitId={setUnitId}
        month={month}
        onMonth={setMonth}
        disabled={!ready || busy}
        onShow={() => load(null)}
      />
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('workCalendars.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {busy && !current && <Spinner size="tiny" label={t('workCalendars.loading')} />}
      {current && current.rows.length === 0 && <Text>{t('workCalendars.summary.empty')}</Text>}
      {current && current.rows.length > 0 && (
        <>
          <Text id="shift-summary-legend">{t('workCalendars.summary.legend')}</Text>
          <DataGrid
            columns={columns}
            rows={current.rows}
            rowKey={(row) => row.workerId}
            label={t('workCalendars.summary.gridLabel', { month })}
          />
          <div className={styles.more}>
            <Text>{t('workCalendars.summary.shown', { count: current.rows.length })}</Text>
            {current.next && (
              <Button disabled={busy} onClick={() => load(current.next)}>
                {t('workCalendars.summary.more')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
