import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@hcm/ui';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { ShellLink } from '../components/ShellLink.tsx';
import { ShellPaths } from '../routing/shell-paths.ts';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
  },
  main: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
  },
  footer: {
    display: 'flex',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
  },
});

/**
 * The frame of pages a visitor sees before signing in: product name, language, centred content,
 * and a footer with the privacy policy (readable before anyone signs in).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <Text weight="semibold" size={500}>
          {t('app.name')}
        </Text>
        <LanguageSwitch />
      </header>
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        <ShellLink to={ShellPaths.privacyPolicy}>{t('pages.privacy.link')}</ShellLink>
      </footer>
    </div>
  );
}
