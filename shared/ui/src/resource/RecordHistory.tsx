import { useState } from 'react';
import {
  Button,
  Spinner,
  Subtitle1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  HISTORY_PAGE,
  changeHistoryPathOf,
  type AnyResourceContract,
  type HistoryEntry,
  type RecordHistoryPage,
} from '@hcm/contracts/resource';
import { http } from '@hcm/session';
import { formatDate } from '../format/date.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { formatFieldValue } from './format-value.ts';
import type { ResourceRecord } from './resource-api.ts';
import { useLabelText } from './resource-labels.ts';
import { useReferenceTexts } from './use-reference-texts.ts';

const useStyles = makeStyles({
  entries: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  who: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  table: { tableLayout: 'auto' },
  value: { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
});

const KNOWN_ACTIONS = new Set(['CREATE', 'UPDATE', 'DELETE', 'ACTIVE', 'INACTIVE', 'IMPORT']);

/** The values of the entries' changes as rows, so that their references are named in one look-up. */
const valueRows = (entries: readonly HistoryEntry[]): ResourceRecord[] =>
  entries.flatMap((entry) =>
    entry.changes.flatMap((change) => [
      { [change.field]: change.before } as unknown as ResourceRecord,
      { [change.field]: change.after } as unknown as ResourceRecord,
    ]),
  );

/**
 * "Lịch sử thay đổi" of a record (issue 27 §8): who changed which field from what to what, and
 * when, newest first, read from the action log on demand (GET {resource}/{id}/changes) and paged
 * by "show more". Field labels come from the contract; values as the detail page shows them
 * (names of the records referred to, dd/MM/yyyy, money). Fields the contract no longer has are
 * left out.
 */
export function RecordHistory({ contract, id }: { contract: AnyResourceContract; id: string }) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const text = useLabelText(contract);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const referenceTextOf = useReferenceTexts(contract, entries ? valueRows(entries) : []);
  const words = { yes: t('resource.yes'), no: t('resource.no') };

  const load = async (cursor: string | null) => {
    setLoading(true);
    try {
      const query = new URLSearchParams({ pageSize: String(HISTORY_PAGE.default) });
      if (cursor) query.set('cursor', cursor);
      const response = await http.get<RecordHistoryPage>(
        `${changeHistoryPathOf(contract.apiPath, id)}?${query}`,
      );
      setEntries((shown) => [...(cursor ? (shown ?? []) : []), ...response.data.data]);
      setNext(response.data.next);
    } catch {
      // the shared client has told the user
    } finally {
      setLoading(false);
    }
  };

  const shownValue = (field: string, value: unknown) => {
    const shown =
      referenceTextOf(field, value) ?? formatFieldValue(contract.fields[field], field, value, text, words);
    return shown === '' ? '—' : shown;
  };

  return (
    <section aria-label={t('resource.history')} id={`history-${contract.permission}`}>
      <Subtitle1 as="h2">{t('resource.history')}</Subtitle1>
      {entries === null ? (
        <div>
          <Button disabled={loading} onClick={() => void load(null)}>
            {t('resource.historyShow')}
          </Button>
          {loading && <Spinner size="tiny" />}
        </div>
      ) : entries.length === 0 ? (
        <p>{t('resource.historyEmpty')}</p>
      ) : (
        <ol className={styles.entries}>
          {entries.map((entry) => {
            const changes = entry.changes.filter(
              (change) => contract.fields[change.field] && contract.fields[change.field]?.kind !== 'files',
            );
            const action = t(
              `resource.historyActions.${KNOWN_ACTIONS.has(entry.action) ? entry.action : 'OTHER'}`,
            );
            return (
              <li key={entry.id}>
                <p className={styles.who}>
                  {formatDate(entry.at, 'timeDate')} · {entry.userName ?? t('resource.historySystem')} ·{' '}
                  {action}
                </p>
                {changes.length > 0 && (
                  <Table
                    size="small"
                    className={styles.table}
                    aria-label={`${action} ${formatDate(entry.at, 'timeDate')}`}
                  >
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell>{t('resource.historyField')}</TableHeaderCell>
                        <TableHeaderCell>{t('resource.historyBefore')}</TableHeaderCell>
                        <TableHeaderCell>{t('resource.historyAfter')}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {changes.map((change) => {
                        const field = contract.fields[change.field];
                        return (
                          <TableRow key={change.field}>
                            <TableCell>{field ? text(field.label) : change.field}</TableCell>
                            <TableCell className={styles.value}>
                              {shownValue(change.field, change.before)}
                            </TableCell>
                            <TableCell className={styles.value}>
                              {shownValue(change.field, change.after)}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {entries !== null && next !== null && (
        <Button disabled={loading} onClick={() => void load(next)}>
          {t('resource.historyMore')}
        </Button>
      )}
    </section>
  );
}
