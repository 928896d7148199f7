import { makeStyles, mergeClasses, tokens } from '@hcm/ui';

const HEIGHT = 160;

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    fontSize: tokens.fontSizeBase200,
  },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    marginInlineEnd: '4px',
    borderRadius: '2px',
  },
  scroll: {
    overflowX: 'auto',
    paddingBottom: tokens.spacingVerticalXS,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  plot: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: '3px',
    height: `${HEIGHT + 24}px`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  point: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2px', flex: '1 0 14px' },
  columns: { display: 'flex', alignItems: 'flex-end', gap: '1px', height: `${HEIGHT}px` },
  stack: { display: 'flex', flexDirection: 'column-reverse', width: '12px', height: `${HEIGHT}px` },
  piece: { width: '100%', minWidth: '8px' },
  label: {
    fontSize: tokens.fontSizeBase100,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
    height: '16px',
  },
});

/** A series of the chart: its values' key, its name and its colour (a Fluent token). */
export interface ChartSeries {
  readonly key: string;
  readonly label: string;
  readonly color: string;
}
export interface ChartPoint {
  readonly label: string;
  /** the figures by series key (other fields are ignored) */
  readonly values: object;
}

const valueOf = (point: ChartPoint, key: string) => {
  const value = (point.values as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : 0;
};

/**
 * Columns per point, the series stacked (how a day's workers split) or side by side (late and
 * early of a frequency group), drawn with boxes rather than a chart library (the app's budget;
 * the dashboard draws its charts the same way). The chart is one image to assistive technology,
 * named by `title`; the table beside it carries the figures. Many points scroll sideways.
 */
export function ColumnChart(props: {
  title: string;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
  stacked: boolean;
}) {
  const styles = useStyles();
  const sums = props.points.map((point) =>
    props.stacked
      ? props.series.reduce((sum, s) => sum + valueOf(point, s.key), 0)
      : Math.max(0, ...props.series.map((s) => valueOf(point, s.key))),
  );
  const largest = Math.max(1, ...sums);
  const height = (value: number) => (value <= 0 ? 0 : Math.max(2, Math.round((value / largest) * HEIGHT)));
  // one label in every few when the points are many (a month of days: every 5th)
  const every = props.points.length > 16 ? Math.ceil(props.points.length / 8) : 1;
  return (
    <figure className={styles.figure}>
      <div className={styles.legend} aria-hidden>
        {props.series.map((s) => (
          <span key={s.key}>
            <span className={styles.swatch} style={{ backgroundColor: s.color }} />
            {s.label}
          </span>
        ))}
      </div>
      <div className={styles.scroll} role="img" aria-label={props.title} tabIndex={0}>
        <div className={styles.plot} aria-hidden style={{ minWidth: `${props.points.length * 17}px` }}>
          {props.points.map((point, index) => (
            <div key={point.label} className={styles.point} title={point.label}>
              {props.stacked ? (
                <div className={styles.stack}>
                  {props.series.map((s) => (
                    <span
                      key={s.key}
                      className={styles.piece}
                      style={{ height: `${height(valueOf(point, s.key))}px`, backgroundColor: s.color }}
                      title={`${s.label}: ${valueOf(point, s.key)}`}
                    />
                  ))}
                </div>
              ) : (
                <div className={styles.columns}>
                  {props.series.map((s) => (
                    <span
                      key={s.key}
                      className={mergeClasses(styles.piece)}
                      style={{
                        height: `${height(valueOf(point, s.key))}px`,
                        backgroundColor: s.color,
                        width: '12px',
                      }}
                      title={`${s.label}: ${valueOf(point, s.key)}`}
                    />
                  ))}
                </div>
              )}
              <span className={styles.label}>{index % every === 0 ? point.label : ''}</span>
            </div>
          ))}
        </div>
      </div>
    </figure>
  );
}

/** The reports' colours, one per figure, the same in every chart. */
export const FIGURE_COLORS = {
  present: tokens.colorPaletteGreenBackground3,
  late: tokens.colorPaletteMarigoldBackground3,
  businessTrip: tokens.colorPaletteTealBackground2,
  paidLeave: tokens.colorPaletteBlueBorderActive,
  unpaidLeave: tokens.colorPaletteLavenderBorderActive,
  absent: tokens.colorPaletteRedBackground3,
  dayOff: tokens.colorNeutralStroke1,
  notCheckedIn: tokens.colorPaletteYellowBackground3,
  early: tokens.colorPaletteBerryBackground2,
  main: tokens.colorBrandBackground,
  overtime: tokens.colorPaletteDarkOrangeBackground3,
} as const;
