import { useEffect, useState } from 'react';
import { hasAuthority } from '@hcm/contracts';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { StatusBadge, Subtitle2, Spinner, Text, makeStyles, tokens, useAuthorities } from '@hcm/ui';
import { MY_DOCUMENTS, authorityOf, detailOf } from './documents.ts';
import { latestRequests, type RequestRow } from './my-timekeeping-api.ts';
import { follow } from './QuickActions.tsx';
import type { MyTexts } from './texts.ts';
import { useSectionStyles } from './section-styles.ts';

/** How many of the newest requests of all kinds the page lists. */
const SHOWN = 8;

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'grid',
    gridTemplateColumns: '1fr max-content',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    minHeight: '56px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  what: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  kind: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});

interface Row extends RequestRow {
  readonly contract: AnyResourceContract;
}

/** "07/12/2026" of an instant, in Vietnam's day. */
const dateOf = (at: string) =>
  new Date(at).toLocaleDateString('vi-VN', {
    timeZone: 'Asia/Ho_Chi_Minh',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

/**
 * "Đơn của tôi": the latest requests of every kind the employee may see, the last changed first (a
 * request just approved or rejected comes up, where its employee looks for it), each with
 * its approval status and opening its detail page (where the approval timeline says who approves
 * and when). A kind that fails to load leaves the others shown, with a word that some are missing.
 */
export function MyRequests({ workerId, text }: { workerId: string; text: MyTexts }) {
  const styles = useStyles();
  const section = useSectionStyles();
  const authorities = useAuthorities();
  const granted = authorities?.granted.join(',') ?? '';
  const isRoot = authorities?.isRoot ?? false;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const visible = MY_DOCUMENTS.filter((contract) =>
      hasAuthority(granted.split(','), authorityOf(contract, 'view'), isRoot),
    );
    void Promise.allSettled(
      visible.map(async (contract) =>
        (await latestRequests(contract, workerId)).map((row) => ({ ...row, contract })),
      ),
    ).then((answers) => {
      if (!live) return;
      const read = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
      read.sort((a, b) => b.lastModifiedAt.localeCompare(a.lastModifiedAt));
      setRows(read.slice(0, SHOWN));
      setFailed(answers.some((answer) => answer.status === 'rejected'));
    });
    return () => {
      live = false;
    };
  }, [workerId, granted, isRoot]);

  return (
    <section className={section.section} aria-labelledby="my-requests-title">
      <Subtitle2 as="h2" className={section.heading} id="my-requests-title">
        {text('myRequests')}
      </Subtitle2>
      {rows === null && <Spinner size="small" label={text('loading')} />}
      {failed && <Text>{text('requestsFailed')}</Text>}
      {rows?.length === 0 && !failed && <Text>{text('noRequests')}</Text>}
      {rows && rows.length > 0 && (
        <ul className={styles.list}>
          {rows.map((row) => {
            const href = detailOf(row.contract, row.id);
            const kind = text.label(row.contract.singular);
            return (
              <li key={`${row.contract.path}/${row.id}`}>
                <a className={styles.item} href={href} onClick={follow(href)}>
                  <span className={styles.what}>
                    <span className={styles.kind}>
                      {kind} · {text('changedOn', { date: dateOf(row.lastModifiedAt) })}
                    </span>
                    <span className={styles.name}>{row.name || kind}</span>
                  </span>
                  <StatusBadge status={row.approvalStatus} />
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
