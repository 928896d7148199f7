import { i18n } from '@hcm/i18n';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import shellEn from '../../../../packages/shell/i18n/en.json' with { type: 'json' };
import shellVi from '../../../../packages/shell/i18n/vi.json' with { type: 'json' };
import { documentTemplateContract } from '@hcm/contracts/settings';
import { DOCUMENT_TEMPLATE_MENU, menuTrailOf, menuTrailText } from './menu-path.ts';

describe('the menu path the print dialogs name', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await i18n.init({ lng: 'vi', resources: {} });
  });
  afterEach(async () => {
    i18n.removeResourceBundle('vi', 'shell');
    i18n.removeResourceBundle('en', 'shell');
    await i18n.changeLanguage('vi');
  });

  it('is read from the declared menu: the groups of the document templates’ entry, then the entry', () => {
    expect(menuTrailOf(DOCUMENT_TEMPLATE_MENU)).toEqual({
      keys: ['admin', 'formTemplates', 'documentTemplate'],
      path: '/setting/document-template',
      label: documentTemplateContract.title,
    });
    expect(() => menuTrailOf('noSuchEntry')).toThrow('the menu has no entry noSuchEntry');
  });

  it('reads as the sidebar does, in each language, with the shell’s labels', async () => {
    i18n.addResourceBundle('vi', 'shell', shellVi);
    i18n.addResourceBundle('en', 'shell', shellEn);
    await i18n.changeLanguage('vi');
    expect(menuTrailText(menuTrailOf(DOCUMENT_TEMPLATE_MENU))).toBe('Quản trị › Biểu mẫu › Mẫu tài liệu');
    await i18n.changeLanguage('en');
    expect(menuTrailText(menuTrailOf(DOCUMENT_TEMPLATE_MENU))).toBe(
      'Administration › Form templates › Document templates',
    );
  });

  it('takes an administrator’s text for the entry over its contract’s title', async () => {
    i18n.addResourceBundle('vi', 'shell', shellVi);
    i18n.addResources('vi', 'shell', { 'navigation.menu.documentTemplate': 'Mẫu văn bản' });
    await i18n.changeLanguage('vi');
    expect(menuTrailText(menuTrailOf(DOCUMENT_TEMPLATE_MENU))).toBe('Quản trị › Biểu mẫu › Mẫu văn bản');
  });

  it('falls back to the page’s address where the shell’s labels are not loaded (a widget outside the portal)', () => {
    expect(menuTrailText(menuTrailOf(DOCUMENT_TEMPLATE_MENU))).toBe('/setting/document-template');
  });
});
