import { useState } from 'react';
import {
  TROOP_COUNT_KEYS,
  TimekeepingReportLabels as L,
  TroopCountLabels,
  type TroopCountKey,
  type TroopCounts,
  type TroopReport,
} from '@hcm/contracts/timekeeping-reports';
import { Body1, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@hcm/ui';
import { ColumnChart, FIGURE_COLORS } from './ColumnChart.tsx';
import { NamesDialog, type NamesAsked } from './NamesDialog.tsx';
import { ReportTable, type ReportColumn } from './ReportTable.tsx';
import { ReportPaths, type ReportQuery } from './reports-api.ts';
import { useReport, type Filters } from './ReportFilters.tsx';
import { useReportTexts } from './texts.ts';
import { shownDate } from './shown-date.ts';

const useStyles = makeStyles({
  figure: {
    padding: 0,
    border: 'none',
    background: 'none',
    font: 'inherit',
    color: tokens.colorBrandForegroundLink,
    cursor: 'pointer',
    textDecorationLine: 'underline',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Row = TroopCounts & { organizationUnitId: string | null; name: string };
/** The statuses the chart stacks (they add up to the roll); late and missing are marks on top. */
const STACKED = [
  'present',
  'businessTrip',
  'paidLeave',
  'unpaidLeave',
  'absent',
  'dayOff',
  'notCheckedIn',
] as const;

export const troopQuery = (filters: Filters): ReportQuery => ({
  organizationUnitId: filters.unitId ?? undefined,
  date: filters.date,
});

/**
 * The troop report of a day: a stacked column per unit (how its roll splits), the table with a
 * row per unit and the total, each figure a button opening the names behind it.
 */
export function TroopTab({ filters }: { filters: Filters }) {
  const styles = useStyles();
  const { text, label } = useReportTexts();
  const query = troopQuery(filters);
  const loaded = useReport<TroopReport>(ReportPaths.troop, query, filters.round);
  const [asked, setAsked] = useState<NamesAsked | null>(null);
  if (loaded.state === 'loading') return <Spinner size="tiny" label={text('loading')} />;
  if (loaded.state === 'failed')
    return (
      <MessageBar intent="error">
        <MessageBarBody>{text('failed')}</MessageBarBody>
      </MessageBar>
    );
  const report = loaded.data;
  if (report.units.length === 0) return <Body1 className={styles.muted}>{text('nobody')}</Body1>;
  const total: Row = { ...report.total, organizationUnitId: null, name: label(L.total) };
  const figureCell = (key: TroopCountKey) => (row: Row) =>
    row[key] === 0 ? (
      '0'
    ) : (
      <button
        type="button"
        className={styles.figure}
        aria-label={text('showNames', {
          figure: label(TroopCountLabels[key]),
          unit: row.name,
          count: row[key],
        })}
        onClick={() =>
          setAsked({
            title: text('namesOf', {
              figure: label(TroopCountLabels[key]),
              unit: row.name,
              date: shownDate(report.date),
            }),
            query: {
              ...query,
              organizationUnitId: row.organizationUnitId ?? query.organizationUnitId,
              figure: key,
            },
          })
        }
      >
        {row[key].toLocaleString('vi-VN')}
      </button>
    );
  const columns: ReportColumn<Row>[] = [
    { key: 'unit', header: label(L.unit), cell: (row) => row.name },
    ...TROOP_COUNT_KEYS.map((key) => ({
      key,
      header: label(TroopCountLabels[key]),
      numeric: true,
      cell: figureCell(key),
    })),
  ];
  return (
    <>
      {report.date === report.today && <Body1 className={styles.muted}>{text('todayNote')}</Body1>}
      <ColumnChart
        title={text('chart', { title: `${label(L.troop)} ${shownDate(report.date)}` })}
        stacked
        series={STACKED.map((key) => ({
          key,
          label: label(TroopCountLabels[key]),
          color: FIGURE_COLORS[key],
        }))}
        points={report.units.map((unit) => ({ label: unit.code, values: unit }))}
      />
      <ReportTable
        caption={`${label(L.troop)} ${shownDate(report.date)}`}
        columns={columns}
        rows={report.units.map((unit) => ({ ...unit }) as Row)}
        rowKey={(row) => row.organizationUnitId ?? ''}
        total={total}
      />
      {asked && <NamesDialog asked={asked} onClose={() => setAsked(null)} />}
    </>
  );
}
