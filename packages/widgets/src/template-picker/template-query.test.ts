import { describe, expect, it } from 'vitest';
import { documentTemplateContract } from '@hcm/contracts/settings';
import { FIRST_PAGE, cleanKeyword, templateListUrl } from './template-query.ts';

const query = (url: string) => new URL(url, 'http://portal.test').searchParams;

describe('the picker’s list call', () => {
  it('asks the contract’s list for ACTIVE templates only, page 1 of 25 by default', () => {
    const url = templateListUrl({ keyword: '', types: [], ...FIRST_PAGE });
    expect(url.startsWith(`${documentTemplateContract.apiPath}?`)).toBe(true);
    expect(documentTemplateContract.apiPath).toBe('/api/system/document-templates');
    const params = query(url);
    expect(params.get('status')).toBe('ACTIVE');
    expect(params.get('pageIndex')).toBe('1');
    expect(params.get('pageSize')).toBe('25');
    expect(params.has('keyword')).toBe(false);
    expect(params.has('type')).toBe(false);
  });

  it('sends each type as a repeated parameter, once', () => {
    const params = query(
      templateListUrl({ keyword: '', types: ['CONTRACT', 'REWARD', 'CONTRACT'], pageIndex: 3, pageSize: 50 }),
    );
    expect(params.getAll('type')).toEqual(['CONTRACT', 'REWARD']);
    expect(params.getAll('status')).toEqual(['ACTIVE']);
    expect(params.get('pageIndex')).toBe('3');
    expect(params.get('pageSize')).toBe('50');
  });

  it('sends the keyword trimmed and at most 200 characters, encoded', () => {
    expect(
      query(templateListUrl({ keyword: '  Hợp đồng & phụ lục ', types: [], ...FIRST_PAGE })).get('keyword'),
    ).toBe('Hợp đồng & phụ lục');
    expect(cleanKeyword(`  ${'x'.repeat(250)}`)).toHaveLength(200);
    expect(
      query(templateListUrl({ keyword: 'y'.repeat(201), types: [], ...FIRST_PAGE })).get('keyword'),
    ).toBe('y'.repeat(200));
    expect(cleanKeyword('   ')).toBe('');
  });
});
