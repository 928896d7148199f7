import { useEffect, useState } from 'react';
import { TimesheetPaths, type TimesheetHeldDays } from '@hcm/contracts/timesheets';
import { api } from '@hcm/session';
import { MessageBar, MessageBarBody, Subtitle2, formatDate, makeStyles, tokens } from '@hcm/ui';
import { useTimesheetTexts } from './texts.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // a phone scrolls the table sideways; the region takes the focus so a keyboard can too
  scroller: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    minWidth: '520px',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
  },
});

/**
 * Below an approved timesheet: the days of its month held for review — punches that arrived after
 * the month was locked and would change them (docs/timesheets.md, "Held days") — so HR sees them
 * without opening every unit's grid, and reopens the month when they should count.
 */
export function HeldDays({ timesheetId }: { timesheetId: string }) {
  const styles = useStyles();
  const text = useTimesheetTexts();
  const [held, setHeld] = useState<TimesheetHeldDays | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .get<TimesheetHeldDays>(TimesheetPaths.heldDays.replace('{id}', timesheetId), { ignoreError: true })
      .then((answer) => live && setHeld(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [timesheetId]);
  if (failed)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{text('heldFailed')}</MessageBarBody>
      </MessageBar>
    );
  if (!held || held.total === 0) return null;
  return (
    // the table's scroller is the labelled region: one landmark of that name, not two
    <section className={styles.section}>
      <Subtitle2 as="h2">{text('heldTitle')}</Subtitle2>
      <MessageBar intent="warning">
        <MessageBarBody>{text('heldSummary', { count: held.total })}</MessageBarBody>
      </MessageBar>
      <div className={styles.scroller} tabIndex={0} role="region" aria-label={text('heldTitle')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{text('heldCode')}</th>
              <th scope="col">{text('heldName')}</th>
              <th scope="col">{text('heldDay')}</th>
              <th scope="col">{text('heldSymbol')}</th>
              <th scope="col">{text('heldAt')}</th>
            </tr>
          </thead>
          <tbody>
            {held.days.map((day) => (
              <tr key={`${day.workerId}|${day.workDate}`}>
                <td>{day.code}</td>
                <th scope="row">{day.fullName}</th>
                <td>{formatDate(day.workDate, 'date')}</td>
                <td>{day.symbol ?? ''}</td>
                <td>{formatDate(day.heldAt, 'timeDate')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {held.total > held.days.length && (
        <span>{text('heldMore', { count: held.total - held.days.length })}</span>
      )}
    </section>
  );
}
