import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@hcm/ui';

const useStyles = makeStyles({
  scroll: {
    overflowX: 'auto',
    maxWidth: '100%',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  table: {
    borderCollapse: 'collapse',
    minWidth: '100%',
    fontSize: tokens.fontSizeBase300,
    '& th, & td': {
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      whiteSpace: 'nowrap',
    },
    '& thead th': { textAlign: 'start', fontWeight: tokens.fontWeightSemibold, verticalAlign: 'bottom' },
    '& tfoot th, & tfoot td': { fontWeight: tokens.fontWeightSemibold },
  },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  first: {
    position: 'sticky',
    insetInlineStart: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    textAlign: 'start',
    fontWeight: tokens.fontWeightRegular,
  },
});

export interface ReportColumn<R> {
  readonly key: string;
  readonly header: string;
  /** numbers are right-aligned */
  readonly numeric?: boolean;
  readonly cell: (row: R) => ReactNode;
}

/**
 * A report's table: a caption, a header row, a row per item (its first cell the row's header,
 * kept in view when the table scrolls sideways on a phone) and the total row. Plain HTML table
 * semantics, so a screen reader reads each figure with its row and column.
 */
export function ReportTable<R>(props: {
  caption: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  total?: R | undefined;
}) {
  const styles = useStyles();
  const [first, ...rest] = props.columns;
  if (!first) return null;
  const cells = (row: R) => (
    <>
      <th scope="row" className={styles.first}>
        {first.cell(row)}
      </th>
      {rest.map((column) => (
        <td key={column.key} className={column.numeric ? styles.number : undefined}>
          {column.cell(row)}
        </td>
      ))}
    </>
  );
  return (
    <div className={styles.scroll} role="region" aria-label={props.caption} tabIndex={0}>
      <table className={styles.table}>
        <caption style={{ textAlign: 'start', fontWeight: 600, paddingBlock: '4px' }}>
          {props.caption}
        </caption>
        <thead>
          <tr>
            {props.columns.map((column, index) => (
              <th
                key={column.key}
                scope="col"
                className={index === 0 ? styles.first : column.numeric ? styles.number : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>{cells(row)}</tr>
          ))}
        </tbody>
        {props.total && (
          <tfoot>
            <tr>{cells(props.total)}</tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
