import { useEffect } from 'react';
import { useShellTranslation } from '../shell-i18n.ts';
import { composePageTitle, pageTitleKeys } from './page-title.ts';

/**
 * Names the page in the browser's tab (document.title), in the language shown, and again when
 * the language changes. `page` null: a page about to be left (a redirect), whose title stays.
 */
export function usePageTitle(page: string | null, pathname: string): void {
  const { t, i18n } = useShellTranslation();
  const title =
    page === null
      ? null
      : composePageTitle(
          pageTitleKeys(page, pathname).map((key) => t(key)),
          t('app.shortName'),
        );
  useEffect(() => {
    if (title !== null) document.title = title;
    // i18n.language: the texts are read again after a switch (t is the same function).
  }, [title, i18n.language]);
}
