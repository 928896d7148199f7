import { Caption1, MessageBar, MessageBarBody } from '@hcm/ui';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import type { ScopeState } from './scope-api.ts';

/** Says that the catalogue is loading, or that it could not be read (the formula then goes unjudged). */
export function ScopeNotice({ scope }: { scope: ScopeState }) {
  const { t } = usePayrollTranslation();
  if (scope.state === 'loading') return <Caption1>{t('formulaEditor.loading')}</Caption1>;
  if (scope.state === 'failed')
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{t('formulaEditor.loadFailed')}</MessageBarBody>
      </MessageBar>
    );
  return null;
}
