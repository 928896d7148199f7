import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@hcm/ui';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
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
});

/** The frame of pages a visitor sees before signing in: product name, language, centred content. */
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
    </div>
  );
}
