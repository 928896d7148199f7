import { useMemo } from 'react';
import {
  DateInput,
  Dropdown,
  Field,
  ListPage,
  Option,
  formatDate,
  makeStyles,
  toDayjs,
  useListQuery,
  type ColumnDef,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { LogTimeLink } from '../logs/LogTimeLink.tsx';
import { useLogSearch } from '../logs/use-log-search.ts';
import {
  OutboundStatusClasses,
  OutboundTargets,
  outboundLogApi,
  type OutboundLogEntry,
  type OutboundLogFilters,
} from './outbound-log-api.ts';
import { OUTBOUND_LOG_ROUTE } from './outbound-log-route.ts';
import { statusText, targetName } from './outbound-labels.ts';

const useStyles = makeStyles({ filter: { minWidth: '180px' } });

interface OutboundQuery {
  keyword?: string;
  target?: string;
  statusClass?: string;
  from?: string;
  to?: string;
  pageIndex: number;
  pageSize: number;
  sortBy?: string;
  [filter: string]: unknown;
}

/**
 * The outbound log's list: newest first; a keyword searches the URLs; filters by the system
 * called, the outcome and the days (dd/MM/yyyy); each row opens its detail.
 */
export function OutboundLogListPage() {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const list = useListQuery<OutboundQuery>({ defaults: { sortBy: 'createdAt.desc' } });
  const { query } = list;
  const filters = useMemo<OutboundLogFilters>(
    () => ({
      keyword: query.keyword,
      target: query.target,
      statusClass: query.statusClass,
      from: query.from,
      to: query.to,
      sortBy: query.sortBy,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
    [
      query.keyword,
      query.target,
      query.statusClass,
      query.from,
      query.to,
      query.sortBy,
      query.pageIndex,
      query.pageSize,
    ],
  );
  const { loading, rows, total, totalCapped } = useLogSearch(filters, outboundLogApi.search);

  const columns: ColumnDef<OutboundLogEntry>[] = [
    {
      key: 'createdAt',
      labelKey: 'admin:outboundLog.createdAt',
      width: 150,
      sortable: true,
      render: (row) => <LogTimeLink route={OUTBOUND_LOG_ROUTE} id={row.id} at={row.createdAt} />,
    },
    {
      key: 'target',
      labelKey: 'admin:outboundLog.target',
      width: 140,
      render: (row) => targetName(t, row.target),
    },
    { key: 'method', labelKey: 'admin:outboundLog.method', width: 100 },
    // the rest of the width (150 px at least): the URL, cut with its whole text in a tooltip
    { key: 'url', labelKey: 'admin:outboundLog.url', truncate: 60 },
    {
      key: 'status',
      labelKey: 'admin:outboundLog.status',
      width: 130,
      render: (row) => statusText(t, row),
    },
    {
      key: 'durationMs',
      labelKey: 'admin:outboundLog.durationMs',
      width: 120,
      align: 'end',
      render: (row) => String(row.durationMs),
    },
  ];

  // A day typed as dd/MM/yyyy; the query keeps yyyy-MM-dd. A text that is not a date leaves it off.
  const setDay = (key: 'from' | 'to', value: Date | null) =>
    list.setQuery({
      [key]: value && !Number.isNaN(value.getTime()) ? formatDate(value, 'isoDate') : undefined,
    });
  const dayOf = (value: string | undefined) => toDayjs(value)?.toDate() ?? null;
  const chosen = (value: string | undefined, label: (v: string) => string, all: string) =>
    value ? label(value) : all;

  return (
    <ListPage<OutboundLogEntry, OutboundQuery>
      title={t('outboundLog.title')}
      list={list}
      total={total}
      totalCapped={totalCapped}
      rows={rows}
      loading={loading}
      getRowId={(row) => row.id}
      columns={columns}
      filters={
        <>
          <Field label={t('outboundLog.target')} className={styles.filter}>
            <Dropdown
              value={chosen(query.target, (v) => targetName(t, v), t('outboundLog.allTargets'))}
              selectedOptions={[query.target ?? '']}
              onOptionSelect={(_, data) => list.setQuery({ target: data.optionValue || undefined })}
            >
              <Option value="">{t('outboundLog.allTargets')}</Option>
              {OutboundTargets.map((target) => (
                <Option key={target} value={target}>
                  {targetName(t, target)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('outboundLog.status')} className={styles.filter}>
            <Dropdown
              value={chosen(
                query.statusClass,
                (v) => t(`outboundLog.statusClasses.${v}`),
                t('outboundLog.allStatuses'),
              )}
              selectedOptions={[query.statusClass ?? '']}
              onOptionSelect={(_, data) => list.setQuery({ statusClass: data.optionValue || undefined })}
            >
              <Option value="">{t('outboundLog.allStatuses')}</Option>
              {OutboundStatusClasses.map((statusClass) => (
                <Option key={statusClass} value={statusClass}>
                  {t(`outboundLog.statusClasses.${statusClass}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('outboundLog.from')} className={styles.filter}>
            <DateInput
              label={t('outboundLog.from')}
              value={dayOf(query.from)}
              onChange={(value) => setDay('from', value)}
            />
          </Field>
          <Field label={t('outboundLog.to')} className={styles.filter}>
            <DateInput
              label={t('outboundLog.to')}
              value={dayOf(query.to)}
              onChange={(value) => setDay('to', value)}
            />
          </Field>
        </>
      }
    />
  );
}
