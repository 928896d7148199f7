import { Fragment, useEffect, useMemo, useState } from 'react';
import { checkFormula } from '@hcm/formula';
import { Paging } from '@hcm/contracts';
import { parameterContract } from '@hcm/contracts/settings';
import { api } from '@hcm/session';
import {
  Button,
  Checkbox,
  DateInput,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  ReportNotFound,
  Spinner,
  Text,
  Title2,
  formatDate,
  formatNumber,
  makeStyles,
  tokens,
  useBrowserLocation,
  useFailureText,
  useHasAuthority,
} from '@hcm/ui';
import { dayAsDate, isoDay, todayInVietnam } from '../dates.ts';
import { definitionOf, usePayrollScope } from '../formula-editor/scope-api.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { NewValueForm } from './NewValueForm.tsx';
import {
  isPercent,
  isSwitch,
  parameterHistories,
  readersOf,
  type ParameterHistory,
  type ParameterRow,
} from './parameter-history.ts';

export const ROUTE = '/pm/default-parameter';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '1100px',
    minWidth: 0,
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  scroll: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    minWidth: '44rem',
    '& th': { textAlign: 'left' },
    // a number's column is read from the right, its heading too
    '& .numeric': { textAlign: 'right', whiteSpace: 'nowrap' },
    '& th, & td': {
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'top',
    },
  },
  // codes break between them, never inside one
  readers: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  code: { fontFamily: tokens.fontFamilyMonospace },
  history: { backgroundColor: tokens.colorNeutralBackground2 },
  past: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, '& button': { whiteSpace: 'nowrap' } },
});

/** Every parameter record of the tenant (tens of codes, a few values each), page after page. */
async function readParameters(): Promise<ParameterRow[]> {
  const rows: ParameterRow[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await api.get<ParameterRow[]>(parameterContract.apiPath, {
      params: { pageIndex, pageSize: Paging.maxPageSize, sortBy: 'code.asc' },
      ignoreError: true,
    });
    rows.push(...page);
    if (page.length < Paging.maxPageSize) return rows;
  }
}

/**
 * A value as HR reads it: đồng with their unit, a rate with %, a switch as yes or no, other
 * numbers with their unit.
 */
function useShownValue(): (row: Pick<ParameterRow, 'value' | 'unit'>) => string {
  const { t } = usePayrollTranslation();
  return (row) => {
    const number = formatNumber(row.value, { decimals: 3 });
    if (isSwitch(row.unit))
      return Number(row.value) === 0 ? t('parameters.switchOff') : t('parameters.switchOn');
    if (!row.unit) return number;
    return isPercent(row.unit) ? `${number} %` : `${number} ${row.unit}`;
  };
}

const normal = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'd').toLowerCase();

/**
 * Salary › Config › Default parameters (/pm/default-parameter; docs/payroll-app.md): the
 * payroll's parameters — the parameter records formulas read by code, each the value in force on
 * the period's last day — as one line per code: the value in force on the day chosen (today by
 * default), since when, and the next value already dated; its history below it on demand. A
 * change is a new value from its effective date, after every value the code has: history is
 * never edited here (a mistaken value is corrected in Settings › Parameter management).
 */
export default function DefaultParametersPage() {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const failureText = useFailureText();
  const { pathname } = useBrowserLocation();
  const mayAdd = useHasAuthority('tenant_configuration.create');
  const [rows, setRows] = useState<ParameterRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const [day, setDay] = useState<Date | null>(() => dayAsDate(todayInVietnam()));
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState<string | null>(null);
  const [usedOnly, setUsedOnly] = useState(false);
  // which of the tenant's formulas read each parameter: what a new value changes
  const scope = usePayrollScope();
  const readers = useMemo(
    () =>
      scope.state === 'ready'
        ? readersOf(scope.components, (formula) => {
            const check = checkFormula(formula, {
              catalogue: scope.catalogue,
              components: scope.components.map(definitionOf),
            });
            return check.variables;
          })
        : null,
    [scope],
  );

  useEffect(() => {
    let live = true;
    readParameters().then(
      (read) => live && setRows(read),
      (error: unknown) => live && setFailed(failureText(error)),
    );
    return () => {
      live = false;
    };
  }, [reads, failureText]);

  if (pathname.replace(/\/+$/, '') !== ROUTE) return <ReportNotFound />;

  const asOf = day && !Number.isNaN(day.getTime()) ? isoDay(day) : todayInVietnam();
  const needle = normal(keyword.trim());
  const histories = parameterHistories(rows ?? [], asOf).filter(
    (history) =>
      needle === '' || normal(history.code).includes(needle) || normal(history.name).includes(needle),
  );
  const toggle = (code: string) => {
    const next = new Set(open);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    setOpen(next);
  };
  const dayLabel = t('parameters.asOf');

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('pages.defaultParameter')}</Title2>
      <Text>{t('parameters.intro')}</Text>
      <div className={styles.toolbar}>
        <Field label={dayLabel}>
          <DateInput label={dayLabel} value={day} onChange={setDay} />
        </Field>
        <Field label={t('parameters.search')}>
          <Input type="search" value={keyword} onChange={(_event, data) => setKeyword(data.value)} />
        </Field>
        <Checkbox
          label={t('parameters.usedOnly')}
          checked={usedOnly}
          disabled={!readers}
          onChange={(_event, data) => setUsedOnly(data.checked === true)}
        />
      </div>
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{failed}</MessageBarBody>
        </MessageBar>
      )}
      {!rows && !failed && <Spinner size="tiny" label={t('parameters.loading')} />}
      {rows && histories.length === 0 && <Text>{t('parameters.none')}</Text>}
      {rows && histories.length > 0 && (
        <div className={styles.scroll} tabIndex={0} role="region" aria-label={t('parameters.table')}>
          <table className={styles.table} aria-label={t('parameters.table')}>
            <thead>
              <tr>
                <th scope="col">{t('parameters.code')}</th>
                <th scope="col">{t('parameters.name')}</th>
                <th scope="col" className="numeric">
                  {t('parameters.value', { date: formatDate(asOf, 'date') })}
                </th>
                <th scope="col">{t('parameters.since')}</th>
                <th scope="col">{t('parameters.next')}</th>
                <th scope="col">{t('parameters.readers')}</th>
                <th scope="col">{t('parameters.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {histories.map((history) => (
                <ParameterLines
                  key={history.code}
                  history={history}
                  readers={readers?.get(history.code.toUpperCase()) ?? null}
                  open={open.has(history.code)}
                  onToggle={() => toggle(history.code)}
                  mayAdd={mayAdd}
                  adding={adding === history.code}
                  onAdd={() => setAdding(history.code)}
                  onAdded={() => {
                    setAdding(null);
                    setReads((n) => n + 1);
                  }}
                  onCancel={() => setAdding(null)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ParameterLines({
  history,
  readers,
  open,
  onToggle,
  mayAdd,
  adding,
  onAdd,
  onAdded,
  onCancel,
}: {
  history: ParameterHistory;
  /** the components whose formulas read it (null while they load) */
  readers: readonly string[] | null;
  open: boolean;
  onToggle: () => void;
  mayAdd: boolean;
  adding: boolean;
  onAdd: () => void;
  onAdded: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const shownValue = useShownValue();
  const { inForce, next } = history;
  const historyId = `parameter-history-${history.code}`;
  return (
    <Fragment>
      <tr>
        <td className={styles.code}>{history.code}</td>
        <td>{history.name}</td>
        <td className="numeric">{inForce ? shownValue(inForce) : t('parameters.notYet')}</td>
        <td>{inForce ? formatDate(inForce.effectiveDate, 'date') : ''}</td>
        <td>
          {next
            ? t('parameters.nextValue', {
                value: shownValue(next),
                date: formatDate(next.effectiveDate, 'date'),
              })
            : ''}
        </td>
        <td className={styles.readers}>
          {readers === null ? '' : readers.length > 0 ? readers.join(', ') : '—'}
        </td>
        <td>
          <div className={styles.actions}>
            <Button
              size="small"
              aria-expanded={open}
              aria-controls={open ? historyId : undefined}
              aria-label={t('parameters.historyOf', { code: history.code, count: history.values.length })}
              onClick={onToggle}
            >
              {t('parameters.history', { count: history.values.length })}
            </Button>
            {mayAdd && !adding && (
              <Button
                size="small"
                aria-label={t('parameters.addValueOf', { code: history.code })}
                onClick={onAdd}
              >
                {t('parameters.addValue')}
              </Button>
            )}
          </div>
        </td>
      </tr>
      {open && (
        <tr id={historyId} className={styles.history}>
          <td colSpan={7}>
            <table className={styles.table} aria-label={t('parameters.historyTable', { code: history.code })}>
              <thead>
                <tr>
                  <th scope="col">{t('parameters.effectiveDate')}</th>
                  <th scope="col" className="numeric">
                    {t('parameters.valueOnly')}
                  </th>
                  <th scope="col">{t('parameters.name')}</th>
                </tr>
              </thead>
              <tbody>
                {history.values.map((row) => (
                  <tr key={row.id} className={row === inForce ? undefined : styles.past}>
                    <td>
                      {formatDate(row.effectiveDate, 'date')}
                      {row === inForce ? ` (${t('parameters.inForce')})` : ''}
                    </td>
                    <td className="numeric">{shownValue(row)}</td>
                    <td>{row.name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </td>
        </tr>
      )}
      {adding && (
        <tr className={styles.history}>
          <td colSpan={7}>
            <NewValueForm history={history} onAdded={onAdded} onCancel={onCancel} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}
