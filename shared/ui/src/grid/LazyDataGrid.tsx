import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Loading } from '../status/Loading.tsx';
import type { DataGridProps } from './grid-types.ts';

/** The grid's chunk: the sign-in page and the pages without a grid never download it. */
export const loadGridKit = () => import('./grid-kit.ts');

const LazyGrid = lazy(() =>
  loadGridKit().then((module) => ({ default: module.DataGrid as ComponentType<DataGridProps<unknown>> })),
);

/** A grid for wide data (docs/grid.md); see DataGridProps. */
export const DataGrid = (<R,>(props: DataGridProps<R>) => (
  <Suspense fallback={<Loading size="small" />}>
    <LazyGrid {...(props as DataGridProps<unknown>)} />
  </Suspense>
)) as <R>(props: DataGridProps<R>) => ReactNode;
