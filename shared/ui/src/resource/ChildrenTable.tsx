import { lazy, Suspense } from 'react';
import type { ChildrenRowsTableProps } from './ChildrenRowsTable.tsx';
import { Loading } from '../status/Loading.tsx';

// A chunk of its own: only the pages of a resource with child rows load the table.
const ChildrenRowsTable = lazy(() =>
  import('./ChildrenRowsTable.tsx').then((module) => ({ default: module.ChildrenRowsTable })),
);

/** The rows of a children field on the detail page: a read-only table (loaded when first shown). */
export function ChildrenTable(props: ChildrenRowsTableProps) {
  return (
    <Suspense fallback={<Loading size="tiny" />}>
      <ChildrenRowsTable {...props} />
    </Suspense>
  );
}
