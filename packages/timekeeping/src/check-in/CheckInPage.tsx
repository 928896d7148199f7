import { useCallback, useEffect, useState } from 'react';
import {
  CheckInModeLabels,
  CheckInRefusalLabels,
  CheckInRefusals,
  CheckInStatusLabels,
  CHECK_IN_REFUSED,
  type CheckInMode,
  type CheckInRefusal,
  type CheckInRow,
  type CheckInToday,
} from '@hcm/contracts/check-in';
import type { Label } from '@hcm/contracts/resource';
import { ApiError } from '@hcm/session';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { checkIn, checkInToday, currentPosition } from './check-in-api.ts';
import { PendingCheckIns } from './PendingCheckIns.tsx';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '560px',
    width: '100%',
    minWidth: 0,
  },
  clock: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
  time: {
    fontSize: '48px',
    lineHeight: '56px',
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  modes: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  big: {
    minHeight: '96px',
    width: '100%',
    fontSize: tokens.fontSizeBase600,
    borderRadius: tokens.borderRadiusXLarge,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  at: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** Vietnam's wall clock (UTC+7), whatever the phone's zone. */
const vietnam = (at: Date | string, withSeconds = false) =>
  new Date(at).toLocaleTimeString('vi-VN', {
    timeZone: 'Asia/Ho_Chi_Minh',
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hour12: false,
  });
const vietnamDate = (at: Date, language: string) =>
  at.toLocaleDateString(language === 'en' ? 'en-GB' : 'vi-VN', {
    timeZone: 'Asia/Ho_Chi_Minh',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** A contract label in the page's language with its {figures} filled in. */
const say = (label: Label, language: string, figures: Readonly<Record<string, unknown>> = {}) =>
  (language === 'en' ? label.en : label.vi).replace(/\{(\w+)\}/g, (_, name: string) =>
    String(figures[name] ?? ''),
  );

type Outcome = { intent: 'success' | 'warning' | 'error'; text: string };

/**
 * Timekeeping › Check in (/tm/check-in), phone first: the time now, the ways the worker's unit
 * allows, one big button, the answer (or the refusal and why), today's check-ins, and for a
 * manager the self-declared check-ins waiting for them (docs/check-in.md).
 */
export default function CheckInPage() {
  const { t, i18n } = useTimekeepingTranslation();
  const language = i18n.language;
  const styles = useStyles();
  const [now, setNow] = useState(() => new Date());
  const [today, setToday] = useState<CheckInToday | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<CheckInMode | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const refusalText = useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        const reason = error.params.reason as CheckInRefusal | undefined;
        if (error.code === CHECK_IN_REFUSED && reason && CheckInRefusals.includes(reason)) {
          const figures: Record<string, unknown> = { ...error.params };
          if (reason === 'modeNotAllowed')
            figures.allowed = String(error.params.allowed ?? '')
              .split(', ')
              .map((m) => (m in CheckInModeLabels ? say(CheckInModeLabels[m as CheckInMode], language) : m))
              .join(', ');
          return say(CheckInRefusalLabels[reason], language, figures);
        }
        if (error.status === 429)
          return t('checkIn.tooSoon', { seconds: error.params.retryAfterSeconds ?? 60 });
        if (error.status === 0) return t('checkIn.offline');
        return error.message;
      }
      if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number')
        return t(error.code === 1 ? 'checkIn.locationDenied' : 'checkIn.locationUnavailable');
      return t('checkIn.locationUnavailable');
    },
    [language, t],
  );

  const load = useCallback(() => {
    checkInToday()
      .then((read) => {
        setToday(read);
        setLoadProblem(null);
        setMode((chosen) => (chosen && read.modes.includes(chosen) ? chosen : (read.modes[0] ?? null)));
      })
      .catch((error: unknown) => setLoadProblem(refusalText(error)));
  }, [refusalText]);
  useEffect(load, [load]);

  const send = async () => {
    if (!mode) return;
    setBusy(true);
    setOutcome(null);
    try {
      let row: CheckInRow;
      if (mode === 'LOCATION') {
        const position = await currentPosition();
        row = await checkIn({
          mode,
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracyMetres: position.coords.accuracy,
        });
      } else row = await checkIn({ mode, ...(note.trim() ? { note: note.trim() } : {}) });
      const at = vietnam(row.checkedAt);
      setOutcome(
        row.status === 'PENDING'
          ? { intent: 'warning', text: t('checkIn.pending', { at }) }
          : {
              intent: 'success',
              text:
                row.distanceMetres !== null
                  ? t('checkIn.acceptedNear', {
                      at,
                      distance: row.distanceMetres,
                      place: row.locationName ?? '',
                    })
                  : t('checkIn.accepted', { at }),
            },
      );
      setNote('');
      load();
    } catch (error) {
      setOutcome({ intent: 'error', text: refusalText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('checkIn.title')}</Title2>
      <div className={styles.clock} role="timer" aria-live="off" aria-label={t('checkIn.now')}>
        <span className={styles.time}>{vietnam(now, true)}</span>
        <Text>{vietnamDate(now, language)}</Text>
      </div>

      {loadProblem && (
        <MessageBar intent="warning">
          <MessageBarBody>{loadProblem}</MessageBarBody>
        </MessageBar>
      )}
      {!today && !loadProblem && <Spinner label={t('checkIn.loading')} />}

      {today && today.workerId === null && (
        <MessageBar intent="warning">
          <MessageBarBody>{say(CheckInRefusalLabels.noWorker, language)}</MessageBarBody>
        </MessageBar>
      )}
      {today && today.workerId !== null && (
        <>
          <section className={styles.section} aria-labelledby="check-in-modes">
            <Subtitle2 as="h2" id="check-in-modes">
              {t('checkIn.modes')}
            </Subtitle2>
            {today.modes.length === 0 ? (
              <Text>{say(CheckInRefusalLabels.noSettings, language)}</Text>
            ) : (
              <>
                {today.settingsUnitName && (
                  <Text size={200}>{t('checkIn.settingsOf', { unit: today.settingsUnitName })}</Text>
                )}
                <div className={styles.modes} role="group" aria-labelledby="check-in-modes">
                  {today.modes.map((each) => (
                    <Button
                      key={each}
                      appearance={mode === each ? 'primary' : 'secondary'}
                      aria-pressed={mode === each}
                      onClick={() => setMode(each)}
                    >
                      {say(CheckInModeLabels[each], language)}
                    </Button>
                  ))}
                </div>
              </>
            )}
          </section>

          {mode === 'SELF_DECLARED' && (
            <Field label={t('checkIn.note')} hint={t('checkIn.noteHint')}>
              <Input value={note} maxLength={500} onChange={(_, data) => setNote(data.value)} />
            </Field>
          )}

          <Button
            appearance="primary"
            size="large"
            className={styles.big}
            disabled={!mode || busy}
            onClick={() => void send()}
          >
            {busy ? t('checkIn.sending') : t('checkIn.button')}
          </Button>

          <div aria-live="polite">
            {outcome && (
              <MessageBar intent={outcome.intent}>
                <MessageBarBody>{outcome.text}</MessageBarBody>
              </MessageBar>
            )}
          </div>

          <section className={styles.section} aria-labelledby="check-in-today">
            <Subtitle2 as="h2" id="check-in-today">
              {t('checkIn.today')}
            </Subtitle2>
            {today.checkIns.length === 0 ? (
              <Text>{t('checkIn.noneToday')}</Text>
            ) : (
              <ul className={styles.list}>
                {today.checkIns.map((row) => (
                  <li key={row.id} className={styles.row}>
                    <span className={styles.at}>{vietnam(row.checkedAt)}</span>
                    <span>
                      {say(CheckInModeLabels[row.mode], language)} ·{' '}
                      {say(CheckInStatusLabels[row.status], language)}
                      {row.distanceMetres !== null ? ` · ${row.distanceMetres} m` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <PendingCheckIns />
    </div>
  );
}
