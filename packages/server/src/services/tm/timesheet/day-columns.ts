import type { DayRecordRow } from './day-record-row.ts';

/**
 * How one column's values travel: as the elements of one array parameter of that SQL type; an
 * instant as its epoch milliseconds (an int8), made a timestamptz by the statement: formatting
 * 620,000 dates as ISO texts took half the time of building a month's parameters.
 */
export type Kind = 'date' | 'uuid' | 'text' | 'int' | 'instant';

export const SQL_TYPE: Readonly<Record<Kind, string>> = {
  date: 'date',
  uuid: 'uuid',
  text: 'text',
  int: 'int',
  instant: 'int8',
};

export interface Column {
  readonly key: keyof DayRecordRow;
  readonly name: string;
  readonly kind: Kind;
}

/**
 * The columns the computation owns, in the statements' order. Not here, so never touched by a
 * recomputation: the period (period_id) and HR's correction (corrected_*); held_at (cleared),
 * engine_version and computed_at are the same for every row and travel as single parameters.
 */
export const COMPUTED: readonly Column[] = [
  { key: 'workDate', name: 'work_date', kind: 'date' },
  { key: 'workerId', name: 'worker_id', kind: 'uuid' },
  { key: 'shiftCode', name: 'shift_code', kind: 'text' },
  { key: 'assignmentId', name: 'assignment_id', kind: 'uuid' },
  { key: 'dayType', name: 'day_type', kind: 'text' },
  { key: 'outcome', name: 'outcome', kind: 'text' },
  { key: 'firstIn', name: 'first_in', kind: 'instant' },
  { key: 'lastOut', name: 'last_out', kind: 'instant' },
  { key: 'scheduledMinutes', name: 'scheduled_minutes', kind: 'int' },
  { key: 'workedMinutes', name: 'worked_minutes', kind: 'int' },
  { key: 'lateMinutes', name: 'late_minutes', kind: 'int' },
  { key: 'earlyMinutes', name: 'early_minutes', kind: 'int' },
  { key: 'overtimeMinutes', name: 'overtime_minutes', kind: 'int' },
  { key: 'nightMinutes', name: 'night_minutes', kind: 'int' },
  { key: 'otWeekdayDayMinutes', name: 'ot_weekday_day_minutes', kind: 'int' },
  { key: 'otWeekdayNightMinutes', name: 'ot_weekday_night_minutes', kind: 'int' },
  { key: 'otRestDayMinutes', name: 'ot_rest_day_minutes', kind: 'int' },
  { key: 'otRestNightMinutes', name: 'ot_rest_night_minutes', kind: 'int' },
  { key: 'otHolidayDayMinutes', name: 'ot_holiday_day_minutes', kind: 'int' },
  { key: 'otHolidayNightMinutes', name: 'ot_holiday_night_minutes', kind: 'int' },
  { key: 'overtimePaidMinutes', name: 'overtime_paid_minutes', kind: 'int' },
  { key: 'workUnits', name: 'work_units', kind: 'int' },
  { key: 'paidLeaveUnits', name: 'paid_leave_units', kind: 'int' },
  { key: 'unpaidLeaveUnits', name: 'unpaid_leave_units', kind: 'int' },
  { key: 'paidUnits', name: 'paid_units', kind: 'int' },
  { key: 'flags', name: 'flags', kind: 'int' },
  { key: 'punchCount', name: 'punch_count', kind: 'int' },
  { key: 'strayPunches', name: 'stray_punches', kind: 'int' },
  { key: 'punchPairs', name: 'punch_pairs', kind: 'text' },
  { key: 'daySymbol', name: 'day_symbol', kind: 'text' },
];

/** A text as an array literal's element: quoted, and escaped when it holds a quote or a backslash. */
const quoted = (text: string) =>
  text.includes('"') || text.includes('\\') ? `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"` : `"${text}"`;

/** Where one column's values are kept: integers and instants in typed arrays, texts as they are. */
type Store = { kind: 'int' | 'instant'; values: Float64Array } | { kind: 'text'; values: (string | null)[] };

/**
 * A batch's computed rows kept as columns, the way the statements take them (one array parameter
 * per column). The numbers sit in typed arrays, which the garbage collector never walks, and an
 * integer column becomes its parameter in one native join: a row object per day kept until the
 * batch is written, and a text per value, made the collector copy megabytes at every young
 * collection of a month's drain (1.8 s of its 4 s in Node).
 */
export class DayColumns {
  private readonly stores: Store[];
  private size = 0;

  constructor(capacity = 256) {
    this.stores = COMPUTED.map(({ kind }) =>
      kind === 'int' || kind === 'instant'
        ? { kind, values: new Float64Array(Math.max(1, capacity)) }
        : { kind: 'text', values: [] },
    );
  }

  static of(rows: readonly DayRecordRow[]): DayColumns {
    const columns = new DayColumns(rows.length);
    for (const row of rows) columns.add(row);
    return columns;
  }

  get length(): number {
    return this.size;
  }

  /** The row's values, copied: the row itself is not kept. */
  add(row: DayRecordRow): void {
    const at = this.size++;
    for (let c = 0; c < COMPUTED.length; c++) {
      const { key, kind } = COMPUTED[c] as Column;
      const store = this.stores[c] as Store;
      const value = row[key];
      if (store.kind === 'text') {
        store.values.push(value === null || value === undefined ? null : (value as string));
        continue;
      }
      if (at >= store.values.length) {
        const grown = new Float64Array(store.values.length * 2);
        grown.set(store.values);
        store.values = grown;
      }
      if (kind === 'instant')
        store.values[at] = value === null || value === undefined ? NaN : (value as Date).getTime();
      else if (Number.isInteger(value)) store.values[at] = value as number;
      // a NOT NULL integer column: what PostgreSQL would refuse, refused here
      else throw new Error(`day records: ${String(key)} is not an integer: ${String(value)}`);
    }
  }

  /** The work date of row `index`. */
  workDate(index: number): string {
    return (this.stores[0] as { values: string[] }).values[index] as string;
  }

  /** Rows [start, end) as one array literal (`{v1,v2,NULL,…}`) per column, in COMPUTED's order. */
  literals(start: number, end: number): string[] {
    return this.stores.map((store, c) => {
      if (store.kind === 'int') return `{${store.values.subarray(start, end).join(',')}}`;
      const kind = (COMPUTED[c] as Column).kind;
      let text = '{';
      for (let i = start; i < end; i++) {
        if (i > start) text += ',';
        const value = store.values[i] as number | string | null;
        text +=
          value === null || (typeof value === 'number' && Number.isNaN(value))
            ? 'NULL'
            : kind === 'text'
              ? quoted(value as string)
              : String(value);
      }
      return `${text}}`;
    });
  }
}
