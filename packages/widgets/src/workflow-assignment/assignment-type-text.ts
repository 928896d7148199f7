import { RESOURCE_NAMESPACE, type Label } from '@hcm/contracts/resource';
import { workflowTemplateContract } from '@hcm/contracts/settings';
import { useLanguage } from '@hcm/i18n';
import { useWidgetsTranslation } from '../widgets-i18n.ts';

const assignmentTypeField = workflowTemplateContract.fields.steps.fields.assignmentType;
/** The contract's labels of the assignment types (the step's enum field), read from the contract itself. */
const typeLabels: Readonly<Record<string, Label>> =
  assignmentTypeField?.kind === 'enum' ? assignmentTypeField.valueLabels : {};

/**
 * An assignment type's text, as @hcm/ui's resource pages show contract labels: the portal's
 * resource dictionary when it holds the key, otherwise the contract's own text in the current
 * language (the widget does not load the resource kit only to register labels).
 */
export function useAssignmentTypeText() {
  const { t } = useWidgetsTranslation();
  const language = useLanguage();
  return (type: string): string => {
    const label = typeLabels[type];
    return label ? t(label.key, { ns: RESOURCE_NAMESPACE, defaultValue: label[language] }) : type;
  };
}
