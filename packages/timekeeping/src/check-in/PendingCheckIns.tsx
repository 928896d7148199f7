import { useCallback, useEffect, useState } from 'react';
import { CheckInModeLabels, type CheckInRow } from '@hcm/contracts/check-in';
import { Button, Subtitle2, Text, makeStyles, tokens } from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { decideCheckIn, pendingCheckIns } from './check-in-api.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  who: { flex: '1 1 240px', display: 'flex', flexDirection: 'column', minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** dd/MM HH:mm in Vietnam's time, whatever the phone's zone. */
const when = (at: string) => {
  const local = new Date(new Date(at).getTime() + 7 * 3_600_000).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)} ${local.slice(11, 16)}`;
};

/**
 * The self-declared check-ins waiting for the signed-in manager (or HR): each confirmed (its punch
 * then counts) or refused. Shown only when there is something to decide.
 */
export function PendingCheckIns() {
  const { t, i18n } = useTimekeepingTranslation();
  const styles = useStyles();
  const [rows, setRows] = useState<readonly CheckInRow[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => {
    pendingCheckIns()
      .then(setRows)
      .catch(() => setRows([]));
  }, []);
  useEffect(load, [load]);
  if (rows.length === 0) return null;

  const decide = (id: string, decision: 'confirm' | 'refuse') => {
    setBusy(id);
    decideCheckIn(id, decision)
      .catch(() => undefined)
      .finally(() => {
        setBusy(null);
        load();
      });
  };
  return (
    <section className={styles.section} aria-labelledby="check-in-pending">
      <Subtitle2 as="h2" id="check-in-pending">
        {t('checkIn.pendingTitle')}
      </Subtitle2>
      <ul className={styles.list}>
        {rows.map((row) => (
          <li key={row.id} className={styles.row}>
            <span className={styles.who}>
              <Text weight="semibold">
                {row.workerCode} · {row.workerName}
              </Text>
              <Text size={200}>
                {when(row.checkedAt)} ·{' '}
                {i18n.language === 'en' ? CheckInModeLabels[row.mode].en : CheckInModeLabels[row.mode].vi}
                {row.note ? ` · ${row.note}` : ''}
              </Text>
            </span>
            <span className={styles.actions}>
              <Button
                appearance="primary"
                disabled={busy === row.id}
                onClick={() => decide(row.id, 'confirm')}
                aria-label={t('checkIn.confirmOf', { name: row.workerName })}
              >
                {t('checkIn.confirm')}
              </Button>
              <Button
                disabled={busy === row.id}
                onClick={() => decide(row.id, 'refuse')}
                aria-label={t('checkIn.refuseOf', { name: row.workerName })}
              >
                {t('checkIn.refuse')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
