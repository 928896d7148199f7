import { useId, useState } from 'react';
import { ApiError } from '@hcm/session';
import { Button, MessageBar, MessageBarBody, Subtitle2, Text, makeStyles, tokens } from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { importPunches } from './device-api.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  input: { position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' },
});

/**
 * A CSV or .xlsx file of punches from another system into the same store (POST /api/tm/punches/import): the
 * server checks the whole file and stores all of it or nothing; the answer says what was new.
 */
export function PunchImport({ onImported }: { onImported: () => void }) {
  const { t } = useTimekeepingTranslation();
  const styles = useStyles();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);

  const send = (file: File) => {
    setBusy(true);
    setMessage(null);
    importPunches(file)
      .then((done) => {
        setMessage({ intent: 'success', text: t('devices.import.done', { ...done }) });
        onImported();
      })
      .catch((error: unknown) => {
        const detail =
          error instanceof ApiError
            ? [error.message, ...error.fieldErrors.map((e) => `${e.field}: ${e.message}`)].join(' · ')
            : String(error);
        setMessage({ intent: 'error', text: t('devices.import.refused', { message: detail }) });
      })
      .finally(() => setBusy(false));
  };

  return (
    <section className={styles.section} aria-labelledby={`${inputId}-title`}>
      <Subtitle2 as="h2" id={`${inputId}-title`}>
        {t('devices.import.title')}
      </Subtitle2>
      <Text id={`${inputId}-hint`}>{t('devices.import.hint')}</Text>
      <div>
        <input
          id={inputId}
          className={styles.input}
          type="file"
          tabIndex={-1}
          aria-label={t('devices.import.choose')}
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`${inputId}-hint`}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) send(file);
          }}
        />
        <Button disabled={busy} onClick={() => document.getElementById(inputId)?.click()}>
          {t('devices.import.choose')}
        </Button>
      </div>
      {message && (
        <MessageBar intent={message.intent}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
