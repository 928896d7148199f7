import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Link,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
} from '@fluentui/react-components';
import { RESOURCE_NAMESPACE, columnLabel, type AnyResourceContract } from '@hcm/contracts/resource';
import { Paging } from '@hcm/contracts';
import { useTranslation } from '@hcm/i18n';
import { useHasAuthority } from '../auth/use-authorities.ts';
import { confirmAction } from '../dialog/confirm-host.tsx';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { ColumnChooser } from '../list/ColumnChooser.tsx';
import { ListPage } from '../list/ListPage.tsx';
import { SavedViews } from '../list/SavedViews.tsx';
import { useListQuery, type ListQueryState } from '../list/use-list-query.ts';
import { filtersOf, useListSettings } from '../list/use-list-settings.ts';
import { StatusBadge } from '../status/StatusBadge.tsx';
import type { ColumnDef } from '../table/columns.ts';
import { notify } from '../toast/notify.ts';
import { runBatch, setStatusOfAll, type BatchFailure } from './batch.ts';
import { formatFieldValue } from './format-value.ts';
import { fileInfoKey, type StoredFile } from './file-field-api.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { downloads, resourceApi, type ResourceRecord } from './resource-api.ts';
import { useLabelText } from './resource-labels.ts';
import { authority, followLink, goTo, resourceRoutes } from './resource-routes.ts';
import { ResourceFilters } from './ResourceFilters.tsx';
import { useResourceSearch } from './use-resource-search.ts';
import { useMayChange } from './write-access.ts';
import { useReferenceTexts } from './use-reference-texts.ts';

export interface ResourceListPageProps {
  contract: AnyResourceContract;
  /** replaces a column's cell, by column name */
  renderCell?: Readonly<Record<string, (row: ResourceRecord) => ReactNode>>;
  /** replaces the column list entirely */
  columns?: readonly ColumnDef<ResourceRecord>[];
  /** more buttons in the toolbar (after the kit's) */
  toolbar?: ReactNode;
  /** more filter fields (after the contract's); they call `list.setQuery` of their own */
  filters?: ReactNode;
  /** where links go: default single-spa's navigateToUrl (goTo) */
  navigate?: (url: string) => void;
  /** additions that read and drive the list's own state (see ResourceListExtension) */
  extension?: ResourceListExtension;
  /**
   * more actions on the selected rows, after the kit's and the extension's (the place for
   * "print the selection from a template"); given, the rows are selectable for everyone
   */
  selectionActions?: (context: ResourceListContext) => ReactNode;
}

const useStyles = makeStyles({
  // a long code or name breaks inside its cell instead of running into the next column
  cellText: { overflowWrap: 'anywhere', wordBreak: 'break-word', minWidth: 0 },
});

/** What a list extension reads and drives: the query, the rows shown, the selection, a reload. */
export interface ResourceListContext {
  list: ListQueryState;
  rows: readonly ResourceRecord[];
  selected: readonly string[];
  setSelected: (ids: string[]) => void;
  /** reads the rows again, after an action that changed records */
  reload: () => void;
  /** counts the reloads: what the extension reads beside the rows (counts) reads again when it changes */
  revision: number;
}

/**
 * A module's additions to the generic list that need the list's state: the approval engine's
 * status tabs, row menu and batch actions (@hcm/widgets) are the first. Each part is called on
 * every render and returns elements (components of the module's own): it never calls hooks.
 */
export interface ResourceListExtension {
  /** between the filters and the table (a strip of tabs that set a filter) */
  above?: (context: ResourceListContext) => ReactNode;
  /** buttons for the selected rows, after the kit's; given, the rows are selectable for everyone */
  batch?: (context: ResourceListContext) => ReactNode;
  /** a last column per row (a menu of actions), headed by `labelKey` (with its namespace) */
  rowActions?: {
    labelKey: string;
    render: (row: ResourceRecord, context: ResourceListContext) => ReactNode;
  };
  /** contract filters the extension sets itself (through `above`), not drawn as fields */
  omitFilters?: readonly string[];
}

interface BatchReport {
  action: 'delete' | 'activate' | 'deactivate';
  done: number;
  failed: (BatchFailure & { name: string })[];
}

/**
 * The list of a resource, drawn from its contract: title, keyword and filters in the URL,
 * columns formatted by kind, sorting, paging, selection with batch delete and activate/deactivate,
 * export, import; each button only for those who hold its authority (and, on a list shared by
 * every tenant, are system users: useMayChange) and only when the contract offers the sub-path. Rows link to the detail page.
 */
export function ResourceListPage({
  contract,
  renderCell = {},
  columns: givenColumns,
  toolbar,
  filters,
  navigate = goTo,
  extension,
  selectionActions,
}: ResourceListPageProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const { t: columnText } = useTranslation();
  const text = useLabelText(contract);
  const routes = resourceRoutes(contract);
  const list = useListQuery({
    defaults: { sortBy: `${contract.defaultSort.field}.${contract.defaultSort.direction}` },
  });
  const search = useResourceSearch(contract, list.params);
  const referenceTextOf = useReferenceTexts(contract, search.rows);
  const [selected, setSelected] = useState<string[]>([]);
  const [revision, setRevision] = useState(0);
  const { reload: reloadRows } = search;
  const reload = useCallback(() => {
    setRevision((n) => n + 1);
    reloadRows();
  }, [reloadRows]);
  const context: ResourceListContext = {
    list,
    rows: search.rows,
    selected,
    setSelected,
    reload,
    revision,
  };
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<BatchReport | null>(null);
  const [importing, setImporting] = useState(false);
  const canCreate = useMayChange(contract, 'create') && contract.offers('create');
  const canUpdate = useMayChange(contract, 'update');
  const canStatus = canUpdate && contract.offers('status') && contract.statusField !== null;
  const canDelete = useMayChange(contract, 'delete') && contract.offers('delete');
  const canExport = useHasAuthority(authority(contract, 'export')) && contract.offers('export');
  const canImport = canCreate && contract.offers('import');
  // the records' parts (an employee's family, education…): rows added to records that exist
  const parts = canUpdate && contract.offers('import') ? Object.entries(contract.subImports) : [];
  const [importingPart, setImportingPart] = useState<string | null>(null);
  const partTitle = (name: string) => {
    const part = contract.subImports[name];
    if (!part) return name;
    const label = 'list' in part ? contract.fields[part.list]?.label : part.title;
    return label ? text(label) : name;
  };
  const title = text(contract.title);
  const calls = resourceApi(contract);
  const words = { yes: t('resource.yes'), no: t('resource.no') };

  const linkColumn =
    contract.columns.find((name) => name === 'code') ??
    contract.columns.find((name) => name === 'name') ??
    contract.columns[0];

  const allColumns = useMemo<ColumnDef<ResourceRecord>[]>(
    () =>
      givenColumns
        ? [...givenColumns]
        : [...contract.columns, ...contract.optionalColumns].map((name) => {
            const field = contract.fields[name];
            return {
              key: name,
              labelKey: `${RESOURCE_NAMESPACE}:${columnLabel(contract, name).key}`,
              sortable: contract.sort.includes(name),
              align: field && ['integer', 'decimal', 'money'].includes(field.kind) ? 'end' : 'start',
              render: (row: ResourceRecord) => {
                const custom = renderCell[name];
                if (custom) return custom(row);
                if (name === contract.statusField && typeof row[name] === 'string')
                  return <StatusBadge status={row[name]} />;
                const shown =
                  field?.kind === 'file' || field?.kind === 'image'
                    ? ((row[fileInfoKey(name)] as StoredFile | null)?.fileName ?? '')
                    : (referenceTextOf(name, row[name]) ??
                      formatFieldValue(field, name, row[name], text, words));
                if (name === linkColumn)
                  return (
                    <Link
                      className={styles.cellText}
                      href={routes.detail(row.id)}
                      onClick={followLink(routes.detail(row.id), navigate)}
                    >
                      {shown || t('resource.open')}
                    </Link>
                  );
                return shown ? <span className={styles.cellText}>{shown}</span> : shown;
              },
            } satisfies ColumnDef<ResourceRecord>;
          }),
    // text and words follow the language; renderCell and navigate are taken as given at first render
    [contract, givenColumns, text, t, referenceTextOf], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const defaultColumnKeys = useMemo(
    () => (givenColumns ? givenColumns.map((column) => column.key) : [...contract.columns]),
    [contract, givenColumns],
  );
  const availableColumnKeys = useMemo(() => allColumns.map((column) => column.key), [allColumns]);
  const settings = useListSettings({
    listKey: `${contract.service}/${contract.path}`,
    defaultColumns: defaultColumnKeys,
    availableColumns: availableColumnKeys,
    list,
  });
  const columns = allColumns.filter((column) => settings.columns.includes(column.key));

  const rowActions = extension?.rowActions;
  const shownColumns: ColumnDef<ResourceRecord>[] = rowActions
    ? [
        ...columns,
        {
          key: '__actions',
          labelKey: rowActions.labelKey,
          width: 96,
          render: (row) => rowActions.render(row, context),
        },
      ]
    : columns;

  const nameOf = (id: string) => {
    const row = search.rows.find((r) => r.id === id);
    return String(row?.name ?? row?.code ?? id);
  };

  const batch = async (action: BatchReport['action']) => {
    const ids = [...selected];
    if (ids.length === 0) return;
    const confirmed = await confirmAction({
      kind: action,
      message: t(`resource.batch.${action}Confirm`, { count: ids.length }),
    });
    if (!confirmed) return;
    setBusy(true);
    setReport(null);
    // delete: one by one, each failure named; a status change: one request, all or none
    const outcome =
      action === 'delete'
        ? await runBatch(ids, (id) => calls.remove(id, { quiet: true }))
        : await setStatusOfAll(contract.apiPath, ids, action === 'activate');
    setReport({
      action,
      done: outcome.done.length,
      failed: outcome.failed.map((failure) => ({ ...failure, name: nameOf(failure.id) })),
    });
    const message = t(`resource.batch.${action}Done`, { done: outcome.done.length, total: ids.length });
    void (outcome.failed.length ? notify.warning(message) : notify.success(message));
    setSelected(outcome.failed.map((failure) => failure.id));
    setBusy(false);
    reload();
  };

  /** the list's filters, sort and keyword; with `ids`, only those rows (the selection) */
  const exportList = async (ids?: readonly string[]) => {
    setBusy(true);
    try {
      downloads.save(await calls.exportFile(ids ? { ...list.params, ids: [...ids] } : list.params));
    } catch {
      // the shared client has told the user
    } finally {
      setBusy(false);
    }
  };

  const some = selected.length > 0;
  const buttons = (
    <>
      {canCreate && (
        <Button appearance="primary" onClick={() => navigate(routes.create)}>
          {t('resource.create')}
        </Button>
      )}
      {canDelete && some && (
        <Button disabled={busy} onClick={() => void batch('delete')}>
          {t('resource.batch.delete', { count: selected.length })}
        </Button>
      )}
      {canStatus && some && (
        <>
          <Button disabled={busy} onClick={() => void batch('activate')}>
            {t('resource.batch.activate', { count: selected.length })}
          </Button>
          <Button disabled={busy} onClick={() => void batch('deactivate')}>
            {t('resource.batch.deactivate', { count: selected.length })}
          </Button>
        </>
      )}
      {canExport && (
        <Button disabled={busy} onClick={() => void exportList()}>
          {t('resource.export')}
        </Button>
      )}
      {canExport && some && (
        <Button
          disabled={busy || selected.length > Paging.maxPageSize}
          title={
            selected.length > Paging.maxPageSize
              ? t('resource.batch.exportTooMany', { max: Paging.maxPageSize })
              : undefined
          }
          onClick={() => void exportList(selected)}
        >
          {t('resource.batch.export', { count: selected.length })}
        </Button>
      )}
      {some && extension?.batch?.(context)}
      {some && selectionActions?.(context)}
      {canImport && <Button onClick={() => setImporting(true)}>{t('resource.import')}</Button>}
      {parts.length > 0 && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <MenuButton>{t('resource.importParts')}</MenuButton>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {parts.map(([name]) => (
                <MenuItem key={name} onClick={() => setImportingPart(name)}>
                  {partTitle(name)}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
      {toolbar}
    </>
  );

  return (
    <>
      {report && report.failed.length > 0 && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            <MessageBarTitle>
              {t(`resource.batch.${report.action}Done`, {
                done: report.done,
                total: report.done + report.failed.length,
              })}
            </MessageBarTitle>
            <ul aria-label={t('resource.batch.failures')}>
              {report.failed.map((failure) => (
                <li key={failure.id}>
                  {failure.name}: {failure.message}
                </li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      <ListPage<ResourceRecord>
        title={title}
        toolbar={buttons}
        filters={
          <>
            <ResourceFilters contract={contract} list={list} text={text} omit={extension?.omitFilters} />
            {filters}
          </>
        }
        above={extension?.above?.(context)}
        activeFilters={Object.keys(filtersOf(list.query)).length}
        settings={
          <>
            <SavedViews settings={settings} />
            <ColumnChooser
              options={allColumns
                .filter((column) => !column.key.startsWith('__'))
                .map((column) => ({ key: column.key, label: columnText(column.labelKey) }))}
              shown={settings.columns}
              onChange={settings.setColumns}
            />
          </>
        }
        search={contract.keyword.length > 0}
        list={list}
        total={search.total}
        totalCapped={search.totalCapped}
        columns={shownColumns}
        rows={search.rows}
        loading={search.loading}
        getRowId={(row) => row.id}
        selectable={canDelete || canStatus || canExport || Boolean(extension?.batch || selectionActions)}
        selectedIds={selected}
        onSelectionChange={setSelected}
      />
      {canImport && (
        <ImportDialog
          contract={contract}
          title={title}
          open={importing}
          onOpenChange={setImporting}
          onImported={reload}
        />
      )}
      {parts.length > 0 && (
        <ImportDialog
          contract={contract}
          part={importingPart ?? undefined}
          title={importingPart ? partTitle(importingPart) : ''}
          open={importingPart !== null}
          onOpenChange={(open) => !open && setImportingPart(null)}
          onImported={reload}
        />
      )}
    </>
  );
}
