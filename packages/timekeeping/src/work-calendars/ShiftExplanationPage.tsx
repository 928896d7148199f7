import { useEffect, useState } from 'react';
import {
  WORK_CALENDAR_TARGETS,
  WorkCalendarTargetLabels,
  WorkCalendarTieBreakLabels,
  WorkCalendarVerdictLabels,
  workCalendarContract,
  type WorkCalendarExplanation,
} from '@hcm/contracts/work-calendars';
import {
  Button,
  DateInput,
  Field,
  Link,
  MessageBar,
  MessageBarBody,
  ReferencePicker,
  Spinner,
  StatusBadge,
  Subtitle1,
  Text,
  Title2,
  formatDate,
  goTo,
  makeStyles,
  resourceRoutes,
  tokens,
  visuallyHidden,
} from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { explainDay } from './work-calendar-api.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    '& > *': { minWidth: '220px', flexGrow: 1 },
  },
  answer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  scroll: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    '& th, & td': {
      textAlign: 'start',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'top',
    },
    '& thead th': { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
    // on a phone each calendar is a card: its cells one under the other, each named by its column
    '@media (max-width: 599px)': {
      '& thead': visuallyHidden,
      '& tr, & th, & td': { display: 'block' },
      '& tr': {
        borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
        padding: `${tokens.spacingVerticalS} 0`,
      },
      '& th, & td': { borderBottom: 'none' },
      '& td::before': {
        content: 'attr(data-label)',
        display: 'block',
        color: tokens.colorNeutralForeground3,
        fontSize: tokens.fontSizeBase200,
      },
    },
  },
  calendarName: { fontWeight: tokens.fontWeightRegular },
  winner: { backgroundColor: tokens.colorBrandBackground2 },
  spoken: visuallyHidden,
});

type Language = 'vi' | 'en';

/** 'YYYY-MM-DD' → that local day (the date input's value), or null. */
function dateOf(text: string | null): Date | null {
  const match = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}
/** The local day of a date input's value as 'YYYY-MM-DD' ('' for none or a date being typed). */
function isoOf(day: Date | null): string {
  if (!day || Number.isNaN(day.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * Timekeeping › Shift calendar › "which shift applies and why": a worker and a day, and the
 * server's explanation (GET /api/tm/work-calendars/explain): the shift that applies, the calendar
 * that decided and the step of the precedence rule that decided it (docs/work-calendars.md), and
 * every calendar that reaches the worker with its verdict.
 */
export function ShiftExplanationPage() {
  const { t, i18n } = useTimekeepingTranslation();
  const styles = useStyles();
  const language: Language = i18n.language === 'en' ? 'en' : 'vi';
  // a link may name the worker and the day (?workerId=&date=): the answer is asked at once
  const [initial] = useState(() => new URLSearchParams(window.location.search));
  const [workerId, setWorkerId] = useState<string | null>(initial.get('workerId'));
  const [day, setDay] = useState<Date | null>(() => dateOf(initial.get('date')));
  const date = isoOf(day);
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'loading' }
    | { kind: 'failed' }
    | { kind: 'done'; answer: WorkCalendarExplanation }
  >(() => (initial.get('workerId') && initial.get('date') ? { kind: 'loading' } : { kind: 'idle' }));
  const ready = workerId !== null && /^\d{4}-\d{2}-\d{2}$/.test(date);

  /** asks the server; the state it sets is set when the answer comes */
  const fetchAnswer = () => {
    if (!workerId || !ready) return;
    explainDay(workerId, date)
      .then((answer) => setState({ kind: 'done', answer }))
      .catch(() => setState({ kind: 'failed' }));
  };
  const ask = () => {
    if (!ready) return;
    setState({ kind: 'loading' });
    fetchAnswer();
  };
  useEffect(() => {
    if (initial.get('workerId') && initial.get('date')) fetchAnswer();
    // once, for the link's own question
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const open = (id: string) => goTo(resourceRoutes(workCalendarContract).detail(id));

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('workCalendars.explain.title')}</Title2>
      <Text>{t('workCalendars.explain.intro')}</Text>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          ask();
        }}
      >
        <Field label={t('workCalendars.explain.worker')} required>
          <ReferencePicker target={WORK_CALENDAR_TARGETS.worker} value={workerId} onChange={setWorkerId} />
        </Field>
        <Field label={t('workCalendars.explain.date')} required>
          <DateInput label={t('workCalendars.explain.date')} value={day} onChange={setDay} />
        </Field>
        <div>
          <Button appearance="primary" type="submit" disabled={!ready || state.kind === 'loading'}>
            {t('workCalendars.explain.ask')}
          </Button>
        </div>
      </form>
      {state.kind === 'loading' && <Spinner size="tiny" label={t('workCalendars.loading')} />}
      {state.kind === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>{t('workCalendars.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {state.kind === 'done' && <Explanation answer={state.answer} language={language} onOpen={open} />}
    </div>
  );
}

function Explanation({
  answer,
  language,
  onOpen,
}: {
  answer: WorkCalendarExplanation;
  language: Language;
  onOpen: (id: string) => void;
}) {
  const { t } = useTimekeepingTranslation();
  const styles = useStyles();
  const winner = answer.winner;
  const shiftText = (c: { off: boolean; workShiftCode: string | null }) =>
    c.off ? t('workCalendars.off') : (c.workShiftCode ?? '—');
  return (
    <section className={styles.answer} aria-labelledby="shift-explanation-result" aria-live="polite">
      <Subtitle1 as="h2" id="shift-explanation-result">
        {answer.worker.code} · {answer.worker.fullName} · {formatDate(answer.date)}
      </Subtitle1>
      <Text>
        {winner
          ? t('workCalendars.explain.applied', {
              shift: shiftText(winner),
              calendar: `${winner.code} – ${winner.name}`,
              target: WorkCalendarTargetLabels[winner.targetType][language],
            })
          : t('workCalendars.explain.none')}
      </Text>
      {winner && (
        <Text>
          {answer.decidedBy
            ? t('workCalendars.explain.because', {
                rule: WorkCalendarTieBreakLabels[answer.decidedBy][language],
              })
            : t('workCalendars.explain.only')}
        </Text>
      )}
      {answer.candidates.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.spoken}>{t('workCalendars.explain.candidates')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('workCalendars.explain.calendar')}</th>
                <th scope="col">{t('workCalendars.explain.target')}</th>
                <th scope="col">{t('workCalendars.explain.dates')}</th>
                <th scope="col">{t('workCalendars.explain.shift')}</th>
                <th scope="col">{t('workCalendars.explain.status')}</th>
                <th scope="col">{t('workCalendars.explain.verdict')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.candidates.map((c) => (
                <tr key={c.calendarId} className={c.verdict === 'WINNER' ? styles.winner : undefined}>
                  <th scope="row">
                    <Link
                      href={resourceRoutes(workCalendarContract).detail(c.calendarId)}
                      onClick={(event) => {
                        event.preventDefault();
                        onOpen(c.calendarId);
                      }}
                    >
                      {c.code}
                    </Link>
                    <div className={styles.calendarName}>{c.name}</div>
                  </th>
                  <td data-label={t('workCalendars.explain.target')}>
                    {WorkCalendarTargetLabels[c.targetType][language]}
                    {c.unitDistance > 0 &&
                      ` (${t('workCalendars.explain.levelsUp', { count: c.unitDistance })})`}
                  </td>
                  <td data-label={t('workCalendars.explain.dates')}>
                    {formatDate(c.fromDate)} – {c.toDate ? formatDate(c.toDate) : '…'}
                  </td>
                  <td data-label={t('workCalendars.explain.shift')}>
                    {c.verdict === 'OUT_OF_RANGE' || c.verdict === 'NOT_THIS_WEEKDAY' ? '—' : shiftText(c)}
                  </td>
                  <td data-label={t('workCalendars.explain.status')}>
                    <StatusBadge status={c.approvalStatus} />
                  </td>
                  <td data-label={t('workCalendars.explain.verdict')}>
                    {WorkCalendarVerdictLabels[c.verdict][language]}
                    {c.lostBy && ` (${WorkCalendarTieBreakLabels[c.lostBy][language]})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
