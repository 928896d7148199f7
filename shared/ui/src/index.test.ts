import { describe, expect, it } from 'vitest';
import * as ui from './index.ts';
import * as fluent from './fluent.ts';
import { DataGrid as LazyDataGrid } from './grid/LazyDataGrid.tsx';

describe('@hcm/ui exports', () => {
  it('re-exports a curated list of Fluent, not all of it', () => {
    const names = Object.keys(fluent);
    // Fluent has hundreds of exports; a few dozen means nobody wrote `export *` of it.
    expect(names.length).toBeLessThan(60);
    for (const name of [
      'FluentProvider',
      'webLightTheme',
      'Button',
      'Field',
      'Input',
      'MessageBar',
      'makeStyles',
    ])
      expect(Object.keys(ui)).toContain(name);
    // the kit's DataGrid is its own grid for wide data (grid/), never Fluent's
    expect(Object.keys(fluent)).not.toContain('DataGrid');
    expect(ui.DataGrid).toBe(LazyDataGrid);
    expect(Object.keys(ui)).not.toContain('Table');
  });

  it('offers the kit: formatters, forms, list query, hooks and the lazy pieces', () => {
    for (const name of [
      'HcmProvider',
      'formatMoney',
      'formatNumber',
      'formatDate',
      'formatBytes',
      'truncateText',
      'cleanSubmission',
      'cleanText',
      'useFormState',
      'FormField',
      'TextInput',
      'Validators',
      'useListQuery',
      'showToast',
      'useScreenSize',
      'Authorized',
      'useHasAuthority',
      'preloadToaster',
      'useDebouncedClick',
      'ListPage',
      'DataTable',
      'PaginationBar',
      'ConfirmDialog',
      'confirmAction',
      'StatusBadge',
      'TruncatedText',
      'DecimalInput',
      'DateInput',
      'MonthInput',
      'FileUpload',
      'loadListKit',
    ])
      expect(Object.keys(ui)).toContain(name);
  });
});
