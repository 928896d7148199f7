import type { Language } from '@hcm/contracts';
import vi from '../../i18n/vi.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { declaredMenuTexts } from '../navigation/menu-texts.ts';

export type ShellTexts = typeof vi & { navigation: { menu: Record<string, string> } };

/**
 * The shell's texts in one language as the portal holds them: its dictionary file, and the
 * menu entries the declaration names (navigation/menu-texts.ts), for tests that read the
 * texts without i18next.
 */
export function shellTexts(language: Language): ShellTexts {
  const dictionary = language === 'vi' ? vi : en;
  return {
    ...dictionary,
    navigation: {
      ...dictionary.navigation,
      menu: { ...declaredMenuTexts(language), ...dictionary.navigation.menu },
    },
  };
}
