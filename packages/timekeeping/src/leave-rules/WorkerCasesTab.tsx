import { useCallback, useEffect, useId, useState } from 'react';
import { LeaveCaseLabels, LeavePolicyPaths, type LeaveWorkerCase } from '@hcm/contracts/leave-policies';
import { api, http } from '@hcm/session';
import {
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  SearchRegular,
  Text,
  Title2,
  confirmAction,
  makeStyles,
  notify,
  tokens,
  useFailureText,
  useHasAuthority,
  useScreenSize,
  visuallyHidden,
} from '@hcm/ui';
import { useRequestTexts } from '../requests/texts.ts';
import { WorkerCaseDialog } from './WorkerCaseDialog.tsx';
import { WORKER_CASE_TEXTS as W } from './worker-case-texts.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  what: { maxWidth: '80ch', color: tokens.colorNeutralForeground2 },
  search: { maxWidth: '360px', width: '100%' },
  scroll: {
    overflowX: 'auto',
    maxWidth: '100%',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase300,
    '& th, & td': {
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      textAlign: 'start',
      verticalAlign: 'top',
    },
    '& thead th': { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  },
  spoken: visuallyHidden,
  code: { whiteSpace: 'nowrap' },
  rowName: { fontWeight: tokens.fontWeightRegular },
  note: { minWidth: '160px', overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  cards: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: 'anywhere',
  },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** Lower case without Vietnamese marks: "Dũng" is found by "dung" as by "Dũng". */
const plain = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();

/** PUT STANDARD: the worker's exception removed (the server deletes the row). */
const backToStandard = (workerId: string) =>
  http.put(
    LeavePolicyPaths.workerCase.replace(':workerId', encodeURIComponent(workerId)),
    { leaveCase: 'STANDARD', note: null },
    { ignoreError: true },
  );

/**
 * Timekeeping › Config › Leave rules › Workers' leave cases (docs/leave.md "The worker's case"):
 * the workers whose case is not the standard one (code, name, case with its days, note), found by
 * code or name; "add or change" and "back to standard" for those who may change the rules.
 */
export function WorkerCasesTab() {
  const styles = useStyles();
  const text = useRequestTexts();
  const failureText = useFailureText();
  const english = text('close') === 'Close';
  const mayChange = useHasAuthority('leave_policy.update');
  const phone = useScreenSize() === 'mobile';
  const titleId = useId();
  const [cases, setCases] = useState<readonly LeaveWorkerCase[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ current: LeaveWorkerCase | null } | null>(null);

  const load = useCallback(() => {
    api
      .get<LeaveWorkerCase[]>(LeavePolicyPaths.workerCases, { ignoreError: true })
      .then((found) => {
        setCases(found);
        setFailed(null);
      })
      .catch((failure: unknown) => {
        setCases([]);
        setFailed(failureText(failure));
      });
  }, [failureText]);
  useEffect(load, [load]);

  const caseName = (row: LeaveWorkerCase) => {
    const named = LeaveCaseLabels[row.leaveCase];
    return english ? named.en : named.vi;
  };
  const needle = plain(keyword.trim());
  const shown = (cases ?? []).filter(
    (row) => needle === '' || plain(`${row.workerCode} ${row.workerName}`).includes(needle),
  );

  const putBack = async (row: LeaveWorkerCase) => {
    const sure = await confirmAction({
      kind: 'confirm',
      title: text.of(W.confirmTitle),
      message: text.of(W.confirmMessage, { name: row.workerName, code: row.workerCode }),
    });
    if (!sure) return;
    try {
      await backToStandard(row.workerId);
      notify.success(text.of(W.backDone, { name: row.workerName }));
    } catch (failure) {
      notify.error(text.of(W.refused, { message: failureText(failure) }));
    }
    load();
  };

  const actionsOf = (row: LeaveWorkerCase) => (
    <div className={styles.actions}>
      <Button
        size="small"
        aria-label={text.of(W.changeOf, { name: row.workerName })}
        onClick={() => setEditing({ current: row })}
      >
        {text.of(W.change)}
      </Button>
      <Button
        size="small"
        aria-label={text.of(W.backToStandardOf, { name: row.workerName })}
        onClick={() => void putBack(row)}
      >
        {text.of(W.backToStandard)}
      </Button>
    </div>
  );

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.header}>
        <Title2 as="h1" id={titleId}>
          {text.of(W.title)}
        </Title2>
        {mayChange && (
          <Button appearance="primary" onClick={() => setEditing({ current: null })}>
            {text.of(W.add)}
          </Button>
        )}
      </header>
      <Text className={styles.what}>{text.of(W.what)}</Text>
      <div role="search">
        <Field label={text.of(W.search)} className={styles.search}>
          <Input
            type="search"
            contentBefore={<SearchRegular />}
            value={keyword}
            maxLength={200}
            onChange={(_event, data) => setKeyword(data.value)}
          />
        </Field>
      </div>
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{text.of(W.loadFailed, { message: failed })}</MessageBarBody>
        </MessageBar>
      )}
      {cases === null ? null : shown.length === 0 ? (
        !failed && (
          <Text role="status">
            {cases.length === 0 ? text.of(W.empty) : text.of(W.noMatch, { keyword: keyword.trim() })}
          </Text>
        )
      ) : phone ? (
        // on a phone a card per worker: a table's last columns would sit off the screen
        <ul className={styles.cards} aria-label={text.of(W.count, { count: shown.length })}>
          {shown.map((row) => (
            <li key={row.workerId} className={styles.card}>
              <Text weight="semibold">
                {row.workerName} <span className={styles.muted}>{row.workerCode}</span>
              </Text>
              <Text>{caseName(row)}</Text>
              {row.note && <Caption1 className={styles.muted}>{row.note}</Caption1>}
              {mayChange && actionsOf(row)}
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.scroll} role="region" aria-label={text.of(W.title)} tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.spoken}>{text.of(W.count, { count: shown.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{text.of(W.code)}</th>
                <th scope="col">{text.of(W.name)}</th>
                <th scope="col">{text.of(W.leaveCase)}</th>
                <th scope="col">{text.of(W.note)}</th>
                {mayChange && <th scope="col">{text.of(W.actions)}</th>}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.workerId}>
                  <td className={styles.code}>{row.workerCode}</td>
                  <th scope="row" className={styles.rowName}>
                    {row.workerName}
                  </th>
                  <td>{caseName(row)}</td>
                  <td className={styles.note}>{row.note ?? ''}</td>
                  {mayChange && <td>{actionsOf(row)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <WorkerCaseDialog
          current={editing.current}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify.success(
              saved.leaveCase === 'STANDARD'
                ? text.of(W.backDone, { name: saved.workerName })
                : text.of(W.saved, { name: saved.workerName, leaveCase: caseName(saved) }),
            );
            load();
          }}
        />
      )}
    </section>
  );
}
