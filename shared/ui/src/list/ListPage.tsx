import { useId, useState, type ReactNode } from 'react';
import { Button, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { FilterRegular } from '@fluentui/react-icons';
import { useScreenSize } from '../hooks/screen-size.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { DataTable, type DataTableProps } from '../table/DataTable.tsx';
import { PaginationBar } from '../pagination/PaginationBar.tsx';
import { SearchBox } from './SearchBox.tsx';
import type { ListQuery } from './list-query.ts';
import type { ListQueryState } from './use-list-query.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  search: { minWidth: '240px', flexGrow: 1, maxWidth: '420px' },
  // on a phone: the keyword box and the "Filters (n)" button on one line, the box taking the rest
  phoneBar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  phoneSearch: { flexGrow: 1, minWidth: 0 },
  // the folded filters, one under the other, each as wide as the screen
  panel: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  settings: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginInlineStart: 'auto' },
});

export interface ListPageProps<T, Q extends ListQuery = ListQuery> extends Omit<
  DataTableProps<T>,
  'sortBy' | 'onSortChange' | 'rowOffset' | 'ariaLabel'
> {
  /** the page's title, already translated (also the table's name) */
  title: string;
  /** buttons beside the title (create, export, ...) */
  toolbar?: ReactNode;
  /** the screen's own filter fields, after the keyword box; they call list.setQuery */
  filters?: ReactNode;
  /** drawn between the filters and the table: a strip of tabs that are views of the list */
  above?: ReactNode;
  /** from useListQuery(): the query in the URL */
  list: ListQueryState<Q>;
  /** total number of rows on the server (page.total) */
  total: number;
  /** page.totalCapped: more rows than `total` match (the bar says "more than") */
  totalCapped?: boolean;
  /** false hides the keyword box */
  search?: boolean;
  /** how many filters are set: the phone's "Filters (n)" button counts them */
  activeFilters?: number;
  /** the list's own settings (column chooser, saved views), after the filters */
  settings?: ReactNode;
}

/**
 * A list screen: title and toolbar, keyword box and filters, the table (sorting through the
 * query's sortBy), and the pagination bar, all driven by useListQuery().
 */
export function ListPage<T, Q extends ListQuery = ListQuery>({
  title,
  toolbar,
  filters,
  above,
  list,
  total,
  totalCapped = false,
  search = true,
  activeFilters = 0,
  settings,
  ...table
}: ListPageProps<T, Q>) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const { query } = list;
  const phone = useScreenSize() === 'mobile';
  const [unfolded, setUnfolded] = useState(false);
  const panelId = useId();
  const folded = filters || settings;
  return (
    <section className={styles.page} aria-label={title}>
      <header className={styles.header}>
        <Title2 as="h1">{title}</Title2>
        {toolbar && <div className={styles.toolbar}>{toolbar}</div>}
      </header>
      {phone
        ? // On a phone the filters would fill the first screen (issue 27): they fold into a panel
          // behind "Filters (n)", so the first rows are in view; the keyword box stays out.
          (search || folded) && (
            <div role="search">
              <div className={styles.phoneBar}>
                {search && (
                  <SearchBox
                    className={styles.phoneSearch}
                    value={query.keyword}
                    onSearch={list.setKeyword}
                  />
                )}
                {folded && (
                  <Button
                    icon={<FilterRegular />}
                    aria-expanded={unfolded}
                    aria-controls={unfolded ? panelId : undefined}
                    onClick={() => setUnfolded((open) => !open)}
                  >
                    {t('list.filtersButton', { count: activeFilters })}
                  </Button>
                )}
              </div>
              {folded && unfolded && (
                <div id={panelId} className={styles.panel}>
                  {filters}
                  {settings}
                </div>
              )}
            </div>
          )
        : (search || filters || settings) && (
            <div className={styles.filters} role="search">
              {search && (
                <SearchBox className={styles.search} value={query.keyword} onSearch={list.setKeyword} />
              )}
              {filters}
              {settings && <div className={styles.settings}>{settings}</div>}
            </div>
          )}
      {above}
      <DataTable
        {...table}
        ariaLabel={title}
        sortBy={query.sortBy}
        onSortChange={list.setSortBy}
        rowOffset={(query.pageIndex - 1) * query.pageSize}
      />
      <PaginationBar
        pageIndex={query.pageIndex}
        pageSize={query.pageSize}
        total={total}
        totalCapped={totalCapped}
        onChange={(pageIndex, pageSize) => list.setPage(pageIndex, pageSize)}
      />
    </section>
  );
}
