import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@hcm/i18n';
import { menuEntries } from '@hcm/contracts';
import { allOf } from '../../../../scripts/testing/all-of.ts';
import { addDeclaredMenuTexts, declaredMenuTexts } from './menu-texts.ts';

const labelled = menuEntries()
  .map(({ entry }) => entry)
  .filter((entry) => entry.label !== undefined);
const text = (namespace: string, key: string, language: string) =>
  i18n.t(`navigation.menu.${key}`, { ns: namespace, lng: language });

describe('the menu texts the declaration gives', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await i18n.init({ lng: 'vi', resources: {}, fallbackLng: false });
  });

  it('are the titles of the contracts whose pages the entries are, in each language', () => {
    for (const language of ['vi', 'en'] as const) {
      const texts = declaredMenuTexts(language);
      expect(Object.keys(texts).sort(), language).toEqual(labelled.map((entry) => entry.key).sort());
      expect(
        allOf(labelled, (entry) => texts[entry.key] === entry.label?.[language]),
        language,
      ).toBe(true);
    }
    expect(declaredMenuTexts('vi').jobTitle).toBe('Chức danh');
    expect(declaredMenuTexts('en').employeeList).toBe('Employees');
  });

  it('are read as navigation.menu.<key> of the shell’s namespace, in both languages at once', () => {
    addDeclaredMenuTexts(i18n, 'shellMenu');
    expect(text('shellMenu', 'jobTitle', 'vi')).toBe('Chức danh');
    expect(text('shellMenu', 'jobTitle', 'en')).toBe('Job titles');
  });

  it('give way to an administrator’s text for the key, whether it came before or after', () => {
    // System › Language's texts are merged over the namespace as loadAppDictionary does
    const override = { 'navigation.menu.bank': 'Ngân hàng đối tác' };
    i18n.addResources('vi', 'shellBefore', override);
    addDeclaredMenuTexts(i18n, 'shellBefore');
    expect(text('shellBefore', 'bank', 'vi')).toBe('Ngân hàng đối tác');
    expect(text('shellBefore', 'jobTitle', 'vi')).toBe('Chức danh');

    addDeclaredMenuTexts(i18n, 'shellAfter');
    // the dictionary file arrives (it restates none of them), then the administrator's texts
    i18n.addResourceBundle('vi', 'shellAfter', { navigation: { menu: { admin: 'Quản trị' } } }, true, true);
    i18n.addResources('vi', 'shellAfter', override);
    expect(text('shellAfter', 'bank', 'vi')).toBe('Ngân hàng đối tác');
    expect(text('shellAfter', 'jobTitle', 'vi')).toBe('Chức danh');
    expect(text('shellAfter', 'admin', 'vi')).toBe('Quản trị');
  });
});
