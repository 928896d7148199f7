import {
  TIMESHEET_SYMBOL_KEYS,
  TimekeepingConfigLabels as Labels,
  type TimekeepingConfigVersion,
  type TimekeepingSettings,
} from '@hcm/contracts/timekeeping-config';
import { Subtitle2, Text, formatDate, makeStyles, tokens } from '@hcm/ui';
import { shownMonth, useConfigTexts } from './texts.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // a phone scrolls the table sideways; the region takes the focus so a keyboard can too
  scroller: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    minWidth: '640px',
    width: '100%',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'top',
    },
  },
});

/** The stored versions, newest month first: what each changed against the defaults, why, who, when. */
export function ConfigHistory({
  versions,
  seeded,
}: {
  versions: readonly TimekeepingConfigVersion[];
  seeded: TimekeepingSettings;
}) {
  const styles = useStyles();
  const { text, english } = useConfigTexts();
  const language = english ? 'en' : 'vi';
  const changed = (version: TimekeepingConfigVersion) =>
    TIMESHEET_SYMBOL_KEYS.filter((key) => (version.symbols[key] ?? null) !== (seeded.symbols[key] ?? null))
      .map((key) => `${Labels.symbols[key][language]}: ${version.symbols[key] ?? text('blank')}`)
      .join('; ') || text('none');
  return (
    // the table's scroller is the labelled region: one landmark of that name, not two
    <section className={styles.section}>
      <Subtitle2 as="h2">{text('history')}</Subtitle2>
      {versions.length === 0 ? (
        <Text>{text('historyEmpty')}</Text>
      ) : (
        <div className={styles.scroller} tabIndex={0} role="region" aria-label={text('history')}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{text('fromMonth')}</th>
                <th scope="col">{text('overtimeMode')}</th>
                <th scope="col">{text('changedSymbols')}</th>
                <th scope="col">{text('reason')}</th>
                <th scope="col">{text('changedBy')}</th>
                <th scope="col">{text('changedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.effectiveMonth}>
                  <th scope="row">{shownMonth(version.effectiveMonth)}</th>
                  <td>{Labels.overtimeModes[version.overtimeMode][language]}</td>
                  <td>{changed(version)}</td>
                  <td>{version.reason}</td>
                  <td>{version.changedByName ?? text('none')}</td>
                  <td>{formatDate(version.changedAt, 'timeDate')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
