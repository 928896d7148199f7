/** The grid for wide data: a lazy chunk of @hcm/ui (docs/grid.md), loaded by the first DataGrid. */
export { DataGrid } from './DataGrid.tsx';
