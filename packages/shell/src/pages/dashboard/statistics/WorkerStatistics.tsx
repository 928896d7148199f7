import { useEffect, useId, useState } from 'react';
import type { WorkforceStatistics } from '@hcm/contracts/dashboard';
import {
  HEAD_COUNT_DIMENSIONS,
  HeadCountLabels,
  OTHERS_KEY,
  STATISTICS_UNIT_TARGET,
  WORKER_STATISTICS_PATH,
  WORKER_STATISTICS_SUMMARY_PATH,
  WorkerStatisticsLabels,
  type FluctuationRow,
  type HeadCountRow,
} from '@hcm/contracts/worker-statistics';
import { api, http } from '@hcm/session';
import {
  Body1,
  Button,
  Card,
  Field,
  MessageBar,
  MessageBarBody,
  ReferencePicker,
  Spinner,
  Subtitle2,
  makeStyles,
  mergeClasses,
  tokens,
  useHasAuthority,
} from '@hcm/ui';
import { useShellTranslation } from '../../../shell-i18n.ts';
import { useDashboardText } from '../summary/dashboard-text.ts';
import type { LoadedDashboard } from '../summary/use-tenant-dashboard.ts';
import { barWidth } from './bar-width.ts';

const CHART_HEIGHT = 140;

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  unitField: { width: 'min(100%, 360px)' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  wide: { gridColumn: '1 / -1' },
  card: { gap: tokens.spacingVerticalS },
  bars: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
  },
  bar: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalS,
    rowGap: '2px',
    alignItems: 'center',
  },
  barName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  barCount: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
  track: {
    gridColumn: '1 / -1',
    height: '8px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground4,
  },
  fill: {
    height: '100%',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorBrandBackground,
  },
  drill: {
    padding: 0,
    border: 'none',
    background: 'none',
    font: 'inherit',
    textAlign: 'start',
    color: tokens.colorBrandForegroundLink,
    cursor: 'pointer',
    ':hover': { textDecorationLine: 'underline' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  months: {
    display: 'grid',
    gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
    alignItems: 'end',
    gap: tokens.spacingHorizontalXS,
    height: `${CHART_HEIGHT + 40}px`,
  },
  month: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2px', minWidth: 0 },
  pair: { display: 'flex', alignItems: 'flex-end', gap: '2px', height: `${CHART_HEIGHT}px` },
  column: { width: '10px', borderRadius: '2px 2px 0 0' },
  joined: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  left: { backgroundColor: tokens.colorPaletteRedBackground3 },
  monthLabel: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  legend: { display: 'flex', gap: tokens.spacingHorizontalL, fontSize: tokens.fontSizeBase200 },
  swatch: { display: 'inline-block', width: '10px', height: '10px', marginRight: '4px', borderRadius: '2px' },
  muted: { color: tokens.colorNeutralForeground3 },
  step: { minWidth: '32px' },
});

/** What the cards show: loading, failed, or the statistics. */
type Shown = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: WorkforceStatistics };

/**
 * The dashboard's workforce statistics (issue 11 item 7) for a user who may see the employee
 * list: a card of bars per dimension (the answer's: at most HEAD_COUNT_BARS, the last summing the
 * rest, named here in the page's language and not clickable), and the joiners and leavers of the
 * year's months, within the user's data scope. The whole scope and this year come with the dashboard's one call
 * (`loaded`); the unit picker, or a click on a unit's name in its card, narrows every card to that
 * unit and the units below it, and the arrows move to another year, each with one call for every
 * card (GET /api/om/worker-statistics/summary). "Xuất Excel" (with the export permission)
 * downloads the same counts as a workbook.
 */
export function WorkerStatistics({ loaded }: { loaded: LoadedDashboard }) {
  const styles = useStyles();
  const { t, i18n } = useShellTranslation();
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const failedText = useDashboardText().text('failed');
  const mayExport = useHasAuthority('worker.export');
  const [unitId, setUnitId] = useState<string | null>(null);
  const initial = loaded.state === 'ready' ? loaded.data.statistics : null;
  const [chosenYear, setYear] = useState<number | null>(null);
  const year = chosenYear ?? initial?.year ?? new Date().getFullYear();
  // the dashboard's own answer serves the whole scope and its year; anything else is asked for
  const own = unitId === null && (chosenYear === null || chosenYear === initial?.year);
  const unitQuery = unitId ? `&organizationUnitId=${encodeURIComponent(unitId)}` : '';
  const key = `${unitId ?? ''}#${year}#${language}`;
  const [narrowed, setNarrowed] = useState<{ key: string; shown: Shown } | null>(null);

  useEffect(() => {
    if (own) return undefined;
    let alive = true;
    api
      .get<WorkforceStatistics>(`${WORKER_STATISTICS_SUMMARY_PATH}?year=${year}${unitQuery}`, {
        ignoreError: true,
        headers: { 'accept-language': language },
      })
      .then((data) => alive && setNarrowed({ key, shown: { state: 'ready', data } }))
      .catch(() => alive && setNarrowed({ key, shown: { state: 'failed' } }));
    return () => {
      alive = false;
    };
  }, [own, key, year, unitQuery, language]);

  const shown: Shown = own
    ? loaded.state === 'ready'
      ? initial
        ? { state: 'ready', data: initial }
        : { state: 'failed' }
      : loaded
    : narrowed?.key === key
      ? narrowed.shown
      : { state: 'loading' };
  const statistics = shown.state === 'ready' ? shown.data : null;

  const exportWorkbook = async () => {
    const response = await http.get<Blob>(`${WORKER_STATISTICS_PATH}/export?year=${year}${unitQuery}`, {
      responseType: 'blob',
      loading: true,
    });
    const url = URL.createObjectURL(response.data);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `thong-ke-nhan-su-${year}.xlsx`;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const total = statistics?.headCount;

  return (
    <>
      <div className={styles.filters}>
        <Field label={WorkerStatisticsLabels.unit[language]} className={styles.unitField}>
          <ReferencePicker
            target={STATISTICS_UNIT_TARGET}
            value={unitId}
            onChange={setUnitId}
            placeholder={t('dashboard.statistics.wholeScope')}
          />
        </Field>
        <div className={styles.toolbar}>
          {total !== undefined && <Body1>{t('dashboard.statistics.total', { count: total })}</Body1>}
          {unitId && <Button onClick={() => setUnitId(null)}>{t('dashboard.statistics.clearUnit')}</Button>}
          {mayExport && (
            <Button onClick={() => void exportWorkbook().catch(() => undefined)}>
              {t('dashboard.statistics.export')}
            </Button>
          )}
        </div>
      </div>
      {shown.state === 'failed' ? (
        <MessageBar intent="warning">
          <MessageBarBody>{failedText}</MessageBarBody>
        </MessageBar>
      ) : (
        <div className={styles.grid}>
          <Card className={mergeClasses(styles.card, styles.wide)}>
            <FluctuationChart
              year={year}
              rows={statistics?.fluctuation ?? null}
              onYear={setYear}
              labels={{
                title: WorkerStatisticsLabels.fluctuation[language],
                joined: WorkerStatisticsLabels.joined[language],
                left: WorkerStatisticsLabels.left[language],
              }}
            />
          </Card>
          {HEAD_COUNT_DIMENSIONS.map((dimension) => (
            <Card key={dimension} className={styles.card}>
              <HeadCountBars
                title={HeadCountLabels[dimension][language]}
                rows={statistics ? statistics.headCounts[dimension] : null}
                onUnit={dimension === 'organization' ? setUnitId : undefined}
              />
            </Card>
          ))}
        </div>
      )}
    </>
  );
}

function HeadCountBars({
  title,
  rows,
  onUnit,
}: {
  title: string;
  rows: HeadCountRow[] | null;
  /** the unit card: a unit's name narrows the dashboard to it (by its id) */
  onUnit?: (unitId: string) => void;
}) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const headingId = useId();
  // the answer's bars; the row summing the rest is named in the page's language
  const shown = (rows ?? []).map((row) =>
    row.key === OTHERS_KEY ? { ...row, name: t('dashboard.statistics.others') } : row,
  );
  const largest = Math.max(0, ...shown.map((row) => row.count));
  return (
    <section aria-labelledby={headingId}>
      <Subtitle2 as="h3" id={headingId}>
        {title}
      </Subtitle2>
      {rows === null ? (
        <Spinner size="tiny" label={t('dashboard.statistics.loading')} />
      ) : shown.length === 0 ? (
        <Body1 className={styles.muted}>{t('dashboard.statistics.nobody')}</Body1>
      ) : (
        <ul className={styles.bars}>
          {shown.map((row) => (
            <li key={row.key ?? '__unset'} className={styles.bar}>
              <span className={styles.barName} title={row.name}>
                {onUnit && row.key && row.key !== OTHERS_KEY ? (
                  <button
                    type="button"
                    className={styles.drill}
                    onClick={() => onUnit(row.key as string)}
                    aria-label={t('dashboard.statistics.narrowTo', { name: row.name })}
                  >
                    {row.name}
                  </button>
                ) : (
                  row.name
                )}
              </span>
              <span className={styles.barCount}>{row.count.toLocaleString('vi-VN')}</span>
              <span className={styles.track} aria-hidden>
                <span
                  className={styles.fill}
                  style={{ width: `${barWidth(row.count, largest)}%`, display: 'block' }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FluctuationChart({
  year,
  rows,
  onYear,
  labels,
}: {
  year: number;
  rows: FluctuationRow[] | null;
  onYear: (year: number) => void;
  labels: { title: string; joined: string; left: string };
}) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const headingId = useId();
  const largest = Math.max(1, ...(rows ?? []).flatMap((row) => [row.joined, row.left]));
  const noMonthData = useDashboardText().text('noMonthData');
  const height = (count: number) =>
    count === 0 ? 0 : Math.max(2, Math.round((count / largest) * CHART_HEIGHT));
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <Subtitle2 as="h3" id={headingId}>
          {labels.title} {year}
        </Subtitle2>
        <Button
          size="small"
          className={styles.step}
          onClick={() => onYear(year - 1)}
          aria-label={t('dashboard.statistics.previousYear')}
        >
          ‹
        </Button>
        <Button
          size="small"
          className={styles.step}
          onClick={() => onYear(year + 1)}
          aria-label={t('dashboard.statistics.nextYear')}
        >
          ›
        </Button>
        <span className={styles.legend} aria-hidden>
          <span>
            <span className={mergeClasses(styles.swatch, styles.joined)} />
            {labels.joined}
          </span>
          <span>
            <span className={mergeClasses(styles.swatch, styles.left)} />
            {labels.left}
          </span>
        </span>
      </div>
      {rows === null ? (
        <Spinner size="tiny" label={t('dashboard.statistics.loading')} />
      ) : rows.every((row) => row.joined === 0 && row.left === 0) ? (
        // a year with nobody in or out says so, rather than showing twelve empty columns
        <Body1 className={styles.muted} data-slot="no-month-data">
          {noMonthData}
        </Body1>
      ) : (
        <ol className={styles.months} style={{ listStyleType: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <li
              key={row.month}
              className={styles.month}
              aria-label={t('dashboard.statistics.monthSummary', {
                month: row.month,
                joined: row.joined,
                left: row.left,
              })}
            >
              <span className={styles.pair} aria-hidden>
                <span
                  className={mergeClasses(styles.column, styles.joined)}
                  style={{ height: `${height(row.joined)}px` }}
                  title={`${labels.joined}: ${row.joined}`}
                />
                <span
                  className={mergeClasses(styles.column, styles.left)}
                  style={{ height: `${height(row.left)}px` }}
                  title={`${labels.left}: ${row.left}`}
                />
              </span>
              <span className={styles.monthLabel} aria-hidden>
                {t('dashboard.statistics.monthShort', { month: row.month })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
