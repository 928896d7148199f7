import { useMemo, useState } from 'react';
import { Dropdown, Field, Input, ListPage, Option, makeStyles, useListQuery, type ColumnDef } from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import {
  ActionLogActions,
  actionLogApi,
  type ActionLogEntry,
  type ActionLogFilters,
} from './action-log-api.ts';
import { ACTION_LOG_ROUTE } from './action-log-route.ts';
import { resourceName } from './log-labels.ts';
import { LogTimeLink } from '../logs/LogTimeLink.tsx';
import { useLogSearch } from '../logs/use-log-search.ts';

const useStyles = makeStyles({ filter: { minWidth: '200px' } });

interface LogQuery {
  resource?: string;
  action?: string;
  pageIndex: number;
  pageSize: number;
  sortBy?: string;
  keyword?: string;
  [filter: string]: unknown;
}

/** The log's list: newest first, filtered by resource and action, each row opening its detail. */
export function ActionLogListPage() {
  const styles = useStyles();
  const { t, i18n } = useAdminTranslation();
  const list = useListQuery<LogQuery>({ defaults: { sortBy: 'createdAt.desc' } });
  const { query } = list;
  const [resource, setResource] = useState(query.resource ?? '');
  const filters = useMemo<ActionLogFilters>(
    () => ({
      resource: query.resource,
      action: query.action,
      sortBy: query.sortBy,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
    [query.resource, query.action, query.sortBy, query.pageIndex, query.pageSize],
  );
  const { loading, rows, total, totalCapped } = useLogSearch(filters, actionLogApi.search);

  const columns: ColumnDef<ActionLogEntry>[] = [
    {
      key: 'createdAt',
      labelKey: 'admin:actionLog.createdAt',
      width: 170,
      sortable: true,
      render: (row) => <LogTimeLink route={ACTION_LOG_ROUTE} id={row.id} at={row.createdAt} />,
    },
    {
      key: 'username',
      labelKey: 'admin:actionLog.username',
      width: 160,
      render: (row) => row.username ?? '—',
    },
    {
      key: 'resource',
      labelKey: 'admin:actionLog.resource',
      width: 180,
      render: (row) => resourceName(row.resource, i18n.language),
    },
    {
      key: 'action',
      labelKey: 'admin:actionLog.action',
      width: 150,
      render: (row) => t(`actionLog.actions.${row.action}`, { defaultValue: row.action }),
    },
    {
      key: 'recordId',
      labelKey: 'admin:actionLog.recordId',
      truncate: 40,
      render: (row) => row.recordId ?? '—',
    },
  ];

  const actionLabel = query.action ? t(`actionLog.actions.${query.action}`) : t('actionLog.allActions');
  return (
    <ListPage<ActionLogEntry, LogQuery>
      title={t('actionLog.title')}
      list={list}
      total={total}
      totalCapped={totalCapped}
      search={false}
      rows={rows}
      loading={loading}
      getRowId={(row) => row.id}
      columns={columns}
      filters={
        <>
          <Field label={t('actionLog.resource')} className={styles.filter}>
            <Input
              value={resource}
              maxLength={100}
              placeholder={t('actionLog.resourcePlaceholder')}
              onChange={(_, data) => setResource(data.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') list.setQuery({ resource: resource.trim() || undefined });
              }}
              onBlur={() => list.setQuery({ resource: resource.trim() || undefined })}
            />
          </Field>
          <Field label={t('actionLog.action')} className={styles.filter}>
            <Dropdown
              value={actionLabel}
              selectedOptions={[query.action ?? '']}
              onOptionSelect={(_, data) => list.setQuery({ action: data.optionValue || undefined })}
            >
              <Option value="">{t('actionLog.allActions')}</Option>
              {ActionLogActions.map((action) => (
                <Option key={action} value={action}>
                  {t(`actionLog.actions.${action}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        </>
      }
    />
  );
}
