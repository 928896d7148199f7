import { workflowTemplateContract } from '@hcm/contracts/settings';
import { Link, MessageBar, MessageBarBody, MessageBarTitle } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import type { PickOption } from './assignment-model.ts';

/** The code of a record kind's default template, as a new tenant's starter data has it. */
export const defaultTemplateCode = (kind: string) => `DEFAULT_${kind}`;

/**
 * The default template among the first page's choices: the one whose code is the default of
 * one of the kinds asked for (there is one per kind in a new tenant; HR may keep, rename or
 * delete it). None when no option carries such a code.
 */
export function defaultTemplateOf(
  options: readonly PickOption[],
  kinds: readonly string[],
): PickOption | undefined {
  const wanted = new Set(kinds.map(defaultTemplateCode));
  const found = options.filter((option) => wanted.has(String((option as { code?: unknown }).code ?? '')));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * No template approves this kind of record: instead of an empty required list with no way out,
 * the form says so and where templates are made (the real menu path, linked).
 */
export function NoTemplatesHint() {
  const { t } = useWidgetsTranslation();
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('workflowAssignment.noTemplates')}</MessageBarTitle>
        {t('workflowAssignment.noTemplatesHint')}{' '}
        <Link href={workflowTemplateContract.route}>{t('workflowAssignment.noTemplatesPath')}</Link>
      </MessageBarBody>
    </MessageBar>
  );
}
