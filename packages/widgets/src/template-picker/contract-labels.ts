import { RESOURCE_NAMESPACE, type Label } from '@hcm/contracts/resource';
import { DocumentTemplateTypes } from '@hcm/contracts/settings';
import { useLanguage } from '@hcm/i18n';
import { useWidgetsTranslation } from '../widgets-i18n.ts';

/**
 * A contract label's text, as @hcm/ui's resource pages show it: the portal's resource
 * dictionary when it holds the key, otherwise the contract's own text in the current language
 * (the widgets never load the resource kit only to register labels).
 */
export function useLabelText() {
  const { t } = useWidgetsTranslation();
  const language = useLanguage();
  return (label: Label): string => t(label.key, { ns: RESOURCE_NAMESPACE, defaultValue: label[language] });
}

const typeLabels: Readonly<Record<string, Label>> = DocumentTemplateTypes;

/** A template type's text: its contract label, or the code itself for a type the contract lacks. */
export function useTypeText() {
  const labelText = useLabelText();
  return (type: string): string => {
    const label = typeLabels[type];
    return label ? labelText(label) : type;
  };
}
