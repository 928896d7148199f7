import { useState } from 'react';
import { Button, QuestionCircleRegular } from '@hcm/ui';
import { GuidelineViewer } from '@hcm/widgets';
import { useShellTranslation } from '../shell-i18n.ts';

/** The top bar's "?": the user manuals (the guideline viewer of @hcm/widgets). */
export function HelpButton() {
  const { t } = useShellTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        appearance="subtle"
        icon={<QuestionCircleRegular />}
        aria-label={t('workspace.help')}
        title={t('workspace.help')}
        onClick={() => setOpen(true)}
      />
      <GuidelineViewer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
