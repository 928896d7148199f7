import { useEffect, useRef, useState } from 'react';
import {
  LookupTableKindLabels,
  LookupTableLabels,
  type LookupTable,
  type LookupVersion,
  type LookupVersionSummary,
} from '@hcm/contracts/payroll-lookup-tables';
import { SalaryValueTypeLabels } from '@hcm/contracts/salary-components';
import { ApiError } from '@hcm/session';
import {
  Button,
  DateInput,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle1,
  Subtitle2,
  Text,
  confirmAction,
  formatDate,
  goTo,
  makeStyles,
  notify,
  reportNavigationError,
  tokens,
  useFailureText,
  useHasAuthority,
} from '@hcm/ui';
import { isoDay, todayInVietnam } from '../dates.ts';
import { useLabel } from '../labels.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { lookupApi } from './lookup-api.ts';
import { draftOf, versionInForce, type RowDraft } from './lookup-rows.ts';
import { BackToList, ROUTE } from './route.tsx';
import { VersionEditor } from './VersionEditor.tsx';

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    '& dt': { fontWeight: tokens.fontWeightSemibold },
    '& dd': { margin: 0 },
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  scroll: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    minWidth: '36rem',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'middle',
    },
  },
  chosen: { backgroundColor: tokens.colorNeutralBackground1Selected },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

/** What the editor below the versions holds: a stored version, or a new one from a copy of rows. */
type Editing =
  | { readonly kind: 'stored'; readonly version: LookupVersion }
  | { readonly kind: 'new'; readonly rows: readonly RowDraft[] };

/**
 * One lookup table: its kind, key and columns; its versions by effective date (the one in force
 * today marked), each opened into the rows editor, exported as a workbook, or deleted; a new
 * version starting from a copy of the rows shown; a workbook of the export's layout read back as
 * the version of a date.
 */
export function LookupTableDetail({ id, onTitle }: { id: string; onTitle: (title: string) => void }) {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const label = useLabel();
  const failureText = useFailureText();
  const mayUpdate = useHasAuthority('salary_configuration.update');
  const mayDelete = useHasAuthority('salary_configuration.delete');
  const mayExport = useHasAuthority('salary_configuration.export');
  const [table, setTable] = useState<LookupTable | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const today = todayInVietnam();

  // the version in force today opens with the table's first reading, so the page shows rows
  const opened = useRef(false);
  useEffect(() => {
    let live = true;
    lookupApi.get(id).then(
      async (read) => {
        if (!live) return;
        setTable(read);
        onTitle(`${read.code} — ${read.name}`);
        const first = opened.current
          ? null
          : (versionInForce(read.versions, todayInVietnam()) ?? read.versions[0]);
        opened.current = true;
        if (!first) return;
        const version = await lookupApi.version(id, first.id).catch(() => null);
        if (live && version) setEditing({ kind: 'stored', version });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) reportNavigationError(404);
        else setFailed(failureText(error));
      },
    );
    return () => {
      live = false;
    };
  }, [id, reads, onTitle, failureText]);

  const open = async (summary: LookupVersionSummary) => {
    try {
      setEditing({ kind: 'stored', version: await lookupApi.version(id, summary.id) });
    } catch (error) {
      void notify.error(failureText(error));
    }
  };
  if (failed)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{failed}</MessageBarBody>
      </MessageBar>
    );
  if (!table) return <Spinner size="tiny" label={t('lookup.loading')} />;

  const inForce = versionInForce(table.versions, today);
  const removeVersion = async (summary: LookupVersionSummary) => {
    const confirmed = await confirmAction({
      title: t('lookup.removeVersionTitle'),
      message: t('lookup.removeVersionText', { date: formatDate(summary.effectiveFrom, 'date') }),
      kind: 'delete',
    });
    if (!confirmed) return;
    try {
      await lookupApi.removeVersion(id, summary.id);
      void notify.success(t('lookup.versionRemoved'));
      if (editing?.kind === 'stored' && editing.version.id === summary.id) setEditing(null);
      setReads((n) => n + 1);
    } catch (error) {
      void notify.error(failureText(error));
    }
  };
  const removeTable = async () => {
    const confirmed = await confirmAction({
      title: t('lookup.removeTableTitle'),
      message: t('lookup.removeTableText', { code: table.code }),
      kind: 'delete',
    });
    if (!confirmed) return;
    try {
      await lookupApi.remove(id);
      void notify.success(t('lookup.tableRemoved', { code: table.code }));
      goTo(ROUTE);
    } catch (error) {
      void notify.error(failureText(error));
    }
  };
  const copyRows = (): RowDraft[] =>
    editing?.kind === 'stored'
      ? editing.version.rows.map(draftOf)
      : editing?.kind === 'new'
        ? [...editing.rows]
        : [];

  return (
    <>
      <BackToList />
      <dl className={styles.facts}>
        <dt>{label(LookupTableLabels.code)}</dt>
        <dd className={styles.code}>{table.code}</dd>
        <dt>{label(LookupTableLabels.kind)}</dt>
        <dd>{label(LookupTableKindLabels[table.kind])}</dd>
        <dt>{label(LookupTableLabels.keyType)}</dt>
        <dd>{label(SalaryValueTypeLabels[table.keyType])}</dd>
        <dt>{label(LookupTableLabels.columns)}</dt>
        <dd>
          {table.columns
            .map((column) => `${column.code} — ${column.name} (${label(SalaryValueTypeLabels[column.type])})`)
            .join('; ')}
        </dd>
        <dt>{t('lookup.howToRead')}</dt>
        <dd className={styles.code}>
          {table.columns.length === 1
            ? `LOOKUP(${table.code}, ${t('lookup.keyWord')})`
            : `LOOKUP(${table.code}, ${t('lookup.keyWord')}, "${table.columns[0]?.code ?? ''}")`}
        </dd>
      </dl>
      {mayDelete && (
        <div className={styles.actions}>
          <Button onClick={() => void removeTable()}>{t('lookup.removeTable')}</Button>
        </div>
      )}

      <section className={styles.section} aria-labelledby="lookup-versions">
        <Subtitle1 as="h2" id="lookup-versions">
          {label(LookupTableLabels.versions)}
        </Subtitle1>
        {table.versions.length === 0 ? (
          <Text>{t('lookup.noVersions')}</Text>
        ) : (
          <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="lookup-versions">
            <table className={styles.table} aria-labelledby="lookup-versions">
              <thead>
                <tr>
                  <th scope="col">{label(LookupTableLabels.effectiveFrom)}</th>
                  <th scope="col">{label(LookupTableLabels.note)}</th>
                  <th scope="col">{t('lookup.rowCount')}</th>
                  <th scope="col">{t('lookup.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {table.versions.map((summary) => {
                  const date = formatDate(summary.effectiveFrom, 'date');
                  const shown = editing?.kind === 'stored' && editing.version.id === summary.id;
                  return (
                    <tr key={summary.id} className={shown ? styles.chosen : undefined}>
                      <td>
                        {date}
                        {inForce?.id === summary.id && ` (${t('lookup.inForceNow')})`}
                      </td>
                      <td>{summary.note ?? ''}</td>
                      <td>{summary.rowCount}</td>
                      <td>
                        <div className={styles.actions}>
                          <Button
                            size="small"
                            aria-pressed={shown}
                            aria-label={t('lookup.openVersionOf', { date })}
                            onClick={() => void open(summary)}
                          >
                            {t('lookup.openVersion')}
                          </Button>
                          {mayExport && (
                            <Button
                              size="small"
                              aria-label={t('lookup.exportVersionOf', { date })}
                              onClick={() =>
                                void lookupApi
                                  .exportVersion(
                                    id,
                                    summary.id,
                                    `${table.code}_${summary.effectiveFrom}.xlsx`,
                                  )
                                  .catch((error: unknown) => notify.error(failureText(error)))
                              }
                            >
                              {t('lookup.exportVersion')}
                            </Button>
                          )}
                          {mayUpdate && (
                            <Button
                              size="small"
                              aria-label={t('lookup.removeVersionOf', { date })}
                              onClick={() => void removeVersion(summary)}
                            >
                              {t('rows.remove')}
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {mayUpdate && (
          <div className={styles.toolbar}>
            <Button onClick={() => setEditing({ kind: 'new', rows: copyRows() })}>
              {t('lookup.addVersion')}
            </Button>
          </div>
        )}
      </section>

      {editing && (
        <VersionEditor
          key={
            editing.kind === 'stored' ? `${editing.version.id}-${editing.version.version}` : `new-${reads}`
          }
          table={table}
          stored={editing.kind === 'stored' ? editing.version : null}
          rows={editing.kind === 'stored' ? editing.version.rows.map(draftOf) : editing.rows}
          readOnly={!mayUpdate}
          onSaved={(saved) => {
            setEditing({ kind: 'stored', version: saved });
            setReads((n) => n + 1);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {mayUpdate && <ImportVersion table={table} onImported={() => setReads((n) => n + 1)} />}
    </>
  );
}

/** A workbook of the export's layout read back as the version of a date (that date's replaced). */
function ImportVersion({ table, onImported }: { table: LookupTable; onImported: () => void }) {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const failureText = useFailureText();
  const [date, setDate] = useState<Date | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const dateLabel = t('lookup.importDate');
  return (
    <section className={styles.section} aria-labelledby="lookup-import">
      <Subtitle2 as="h2" id="lookup-import">
        {t('lookup.importTitle')}
      </Subtitle2>
      <Text>{t('lookup.importHint')}</Text>
      <div className={styles.toolbar}>
        <Field
          label={dateLabel}
          required
          validationState={problem ? 'error' : 'none'}
          validationMessage={problem ?? undefined}
        >
          <DateInput label={dateLabel} value={date} onChange={setDate} />
        </Field>
        <Field label={t('lookup.importNote')}>
          <Input value={note} maxLength={500} onChange={(_event, data) => setNote(data.value)} />
        </Field>
        <input
          ref={file}
          type="file"
          hidden
          accept=".xlsx"
          aria-label={t('lookup.importFile')}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen || !date) return;
            lookupApi.importVersion(table.id, chosen, isoDay(date), note.trim() || null).then(
              () => {
                void notify.success(t('lookup.imported', { date: formatDate(isoDay(date), 'date') }));
                onImported();
              },
              (error: unknown) => {
                const rows = error instanceof ApiError ? error.fieldErrors.length : 0;
                void notify.error(rows > 0 ? t('lookup.importRefused', { count: rows }) : failureText(error));
              },
            );
          }}
        />
        <Button
          onClick={() => {
            if (!date || Number.isNaN(date.getTime())) {
              setProblem(t('lookup.importDateFirst'));
              return;
            }
            setProblem(null);
            file.current?.click();
          }}
        >
          {t('lookup.import')}
        </Button>
      </div>
    </section>
  );
}
