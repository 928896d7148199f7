import { describe, expect, it } from 'vitest';
import * as ui from './index.ts';

describe('@hcm/ui exports', () => {
  it('is a curated list, not all of Fluent', () => {
    const names = Object.keys(ui);
    // Fluent has hundreds of exports; a handful of dozens means nobody wrote `export *` of it.
    expect(names.length).toBeLessThan(80);
    for (const name of [
      'HcmProvider',
      'FluentProvider',
      'webLightTheme',
      'Button',
      'Field',
      'Input',
      'MessageBar',
      'makeStyles',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).not.toContain('DataGrid');
  });
});
