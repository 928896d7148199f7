import { Body1, Button, Title2 } from '@hcm/ui';
import { useShellTranslation } from './shell-i18n.ts';

/** What single-spa-react's error boundary shows when a render throws: an apology and a reload. */
export function ShellCrashed() {
  const { t } = useShellTranslation();
  return (
    <div role="alert" style={{ padding: 24 }}>
      <Title2 as="h1">{t('crash.title')}</Title2>
      <Body1 as="p">{t('crash.message')}</Body1>
      <Button appearance="primary" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </Button>
    </div>
  );
}
