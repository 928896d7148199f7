import type { ReactNode } from 'react';
import { Title2, makeStyles, tokens } from '@fluentui/react-components';
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
  /** false hides the keyword box */
  search?: boolean;
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
  search = true,
  ...table
}: ListPageProps<T, Q>) {
  const styles = useStyles();
  const { query } = list;
  return (
    <section className={styles.page} aria-label={title}>
      <header className={styles.header}>
        <Title2 as="h1">{title}</Title2>
        {toolbar && <div className={styles.toolbar}>{toolbar}</div>}
      </header>
      {(search || filters) && (
        <div className={styles.filters} role="search">
          {search && <SearchBox className={styles.search} value={query.keyword} onSearch={list.setKeyword} />}
          {filters}
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
        onChange={(pageIndex, pageSize) => list.setPage(pageIndex, pageSize)}
      />
    </section>
  );
}
