import type { LeaveBalanceView } from '@hcm/contracts/leave-applications';
import { Subtitle2, Text, makeStyles, tokens } from '@hcm/ui';
import { unitsText } from '../general-timesheet/cell-text.ts';
import type { MyTexts } from './texts.ts';
import { useSectionStyles } from './section-styles.ts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
  },
  remaining: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, margin: 0 },
  big: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, 1fr)',
    gap: tokens.spacingHorizontalS,
    margin: 0,
  },
  figure: { display: 'flex', flexDirection: 'column' },
  term: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  value: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
});

/** "10.5" → 10500 thousandths (the API's days are decimal strings: no float sums). */
const thousandths = (days: string) => Math.round(Number(days) * 1000);
const daysOf = (units: number) => (units < 0 ? `-${unitsText(-units)}` : unitsText(units));

/**
 * The year's annual leave as employees read it in MISA AMIS or Frappe HR: what remains, big; what
 * they are entitled to (what remains and what they took), taken, and asked for awaiting approval.
 */
export function LeaveBalanceCard({ balance, text }: { balance: LeaveBalanceView; text: MyTexts }) {
  const styles = useStyles();
  const section = useSectionStyles();
  const remaining = thousandths(balance.balance);
  const taken = thousandths(balance.taken);
  const pending = thousandths(balance.pending);
  const figures: [string, number][] = [
    [text('entitled'), remaining + taken],
    [text('taken'), taken],
    [text('pending'), pending],
  ];
  return (
    <section className={styles.card} aria-labelledby="my-balance-title">
      <Subtitle2 as="h2" className={section.heading} id="my-balance-title">
        {text('balance', { year: balance.year })}
      </Subtitle2>
      <dl className={styles.remaining}>
        <dt>{text('remaining')}</dt>
        <dd className={styles.big}>{text('days', { days: text.decimal(daysOf(remaining)) })}</dd>
      </dl>
      <dl className={styles.figures}>
        {figures.map(([term, units]) => (
          <div key={term} className={styles.figure}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{text.decimal(daysOf(units))}</dd>
          </div>
        ))}
      </dl>
      {pending > 0 && (
        <Text size={200}>{text('canStillAsk', { days: text.decimal(daysOf(remaining - pending)) })}</Text>
      )}
    </section>
  );
}
