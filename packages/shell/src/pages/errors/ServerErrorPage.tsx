import { useShellTranslation } from '../../shell-i18n.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { ServerErrorIllustration } from './ServerErrorIllustration.tsx';

/** /500: the server failed to answer what the user asked for. */
export function ServerErrorPage() {
  const { t } = useShellTranslation();
  return (
    <ErrorPage
      illustration={<ServerErrorIllustration />}
      title={t('pages.serverError.title')}
      message={t('pages.serverError.message')}
    />
  );
}
