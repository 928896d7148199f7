import { Languages, type Language } from '@hcm/contracts';
import { setLanguage, useLanguage } from '@hcm/i18n';
import { Dropdown, Option, type OptionOnSelectData, type SelectionEvents } from '@hcm/ui';
import { useShellTranslation } from '../shell-i18n.ts';
import { saveLanguageToProfile } from '../session/profile-language.ts';

/**
 * Vietnamese / English picker. Each language is named in itself, so anyone can find theirs.
 * Signed in, the choice is also saved to the user's profile (it applies at their next sign-in).
 */
export function LanguageSwitch() {
  const { t } = useShellTranslation();
  const language = useLanguage();
  const onSelect = (_event: SelectionEvents, data: OptionOnSelectData) => {
    const chosen = Languages.find((l) => l === data.optionValue);
    if (!chosen) return;
    void setLanguage(chosen);
    // The session's toasts explain a failed save; nothing to add here.
    saveLanguageToProfile(chosen).catch(() => undefined);
  };
  const nameOf = (l: Language) => t(`language.${l}`);
  return (
    <Dropdown
      aria-label={t('language.label')}
      appearance="filled-lighter"
      value={nameOf(language)}
      selectedOptions={[language]}
      onOptionSelect={onSelect}
      style={{ minWidth: 'auto', whiteSpace: 'nowrap' }}
    >
      {Languages.map((l) => (
        <Option key={l} value={l} lang={l}>
          {nameOf(l)}
        </Option>
      ))}
    </Dropdown>
  );
}
