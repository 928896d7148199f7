import { ErrorPage } from './errors/ErrorPage.tsx';
import { NotFoundIllustration } from './errors/NotFoundIllustration.tsx';
import { useShellTranslation } from '../shell-i18n.ts';

/** A path the shell does not know (and no module claims), and /404. Offers the way back. */
export function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useShellTranslation();
  return (
    <ErrorPage
      illustration={<NotFoundIllustration />}
      title={t('notFound.title')}
      message={t('notFound.message')}
      signedIn={signedIn}
    />
  );
}
