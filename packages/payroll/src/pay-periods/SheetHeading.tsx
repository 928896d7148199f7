import type { PayPeriodRecord } from '@hcm/contracts/pay-periods';
import {
  JobProgress,
  Link,
  MessageBar,
  MessageBarBody,
  StatusBadge,
  Subtitle2,
  Text,
  formatDate,
  goTo,
  makeStyles,
  tokens,
} from '@hcm/ui';
import { sheetDetailPath } from './paths.ts';
import { ComputeStatusBadge, LockedBadge } from './SheetBadges.tsx';
import { frozenOf } from './sheet-values.ts';
import { usePayPeriodTexts, type PayPeriodTextKey } from './texts.ts';

const useStyles = makeStyles({
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const FROZEN_WORDS: Readonly<Record<'IN_APPROVAL' | 'APPROVED' | 'LOCKED', PayPeriodTextKey>> = {
  IN_APPROVAL: 'frozenInApproval',
  APPROVED: 'frozenApproved',
  LOCKED: 'frozenLocked',
};

/**
 * The sheet the detailed table shows: its code and name (a link to its page), its month, its
 * statuses as badges, why its values no longer change, and the progress of a computation running
 * (the table is read again when it ends).
 */
export function SheetHeading({ record, onComputed }: { record: PayPeriodRecord; onComputed: () => void }) {
  const styles = useStyles();
  const { text } = usePayPeriodTexts();
  const frozen = frozenOf({
    computeStatus: String(record.computeStatus),
    approvalStatus: String(record.approvalStatus),
    lockedAt: (record.lockedAt as string | null) ?? null,
  });
  const path = sheetDetailPath(String(record.id));
  const jobId = record.computeStatus === 'COMPUTING' ? (record.computeJobId as string | null) : null;
  return (
    <section className={styles.heading} aria-label={text('sheet')}>
      <div className={styles.line}>
        <Subtitle2 as="h2">
          <Link
            href={path}
            onClick={(event) => {
              event.preventDefault();
              goTo(path);
            }}
          >
            {String(record.code)} – {String(record.name)}
          </Link>
        </Subtitle2>
      </div>
      <div className={styles.line}>
        <Text>{formatDate(String(record.periodMonth ?? ''), 'monthYear')}</Text>
        <ComputeStatusBadge status={String(record.computeStatus)} />
        <StatusBadge status={String(record.approvalStatus)} />
        <LockedBadge lockedAt={record.lockedAt} />
      </div>
      {frozen && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{text('frozen', { status: text(FROZEN_WORDS[frozen]) })}</MessageBarBody>
        </MessageBar>
      )}
      {record.computeStatus === 'DRAFT' && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{text('notComputed')}</MessageBarBody>
        </MessageBar>
      )}
      {record.computeError ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{text('computeError', { error: String(record.computeError) })}</MessageBarBody>
        </MessageBar>
      ) : null}
      {jobId && (
        <JobProgress
          key={jobId}
          jobId={jobId}
          label={text('computing', { code: String(record.code) })}
          onEnd={onComputed}
        />
      )}
    </section>
  );
}
