import { useShellTranslation } from '../../shell-i18n.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { ForbiddenIllustration } from './ForbiddenIllustration.tsx';

/** /403: the signed-in user lacks the permission for what they asked for. */
export function ForbiddenPage() {
  const { t } = useShellTranslation();
  return (
    <ErrorPage
      illustration={<ForbiddenIllustration />}
      title={t('pages.forbidden.title')}
      message={t('pages.forbidden.message')}
    />
  );
}
