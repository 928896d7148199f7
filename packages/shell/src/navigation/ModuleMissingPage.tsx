import { MENU, menuEntries } from '@hcm/contracts';
import { Body1, ErrorCircleRegular, Title2, makeStyles, tokens } from '@hcm/ui';
import { ShellLink } from '../components/ShellLink.tsx';
import { ShellPaths } from '../routing/shell-paths.ts';
import { useShellTranslation } from '../shell-i18n.ts';
import { menuLabelKey } from './menu-service.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
  icon: { fontSize: '48px', color: tokens.colorNeutralForeground3 },
});

/**
 * A menu page whose installed micro-app could not be loaded or started (root-config's
 * MODULE_LOAD_FAILED_EVENT): a network failure or a broken release. A module that is simply not
 * installed never gets here: its entries are not in the menu and its paths are not found.
 */
export function ModuleMissingPage({ entryKey }: { entryKey: string }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const place = menuEntries(MENU).find((p) => p.entry.key === entryKey);
  // The module is named by the top-level group of the entry (Timekeeping, Salary…).
  const moduleKey = place?.groups[0]?.key ?? entryKey;
  return (
    <section className={styles.page}>
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <Title2 as="h1">{t('navigation.moduleMissing.title')}</Title2>
      <Body1 as="p">
        {t('navigation.moduleMissing.message', {
          entry: t(menuLabelKey(entryKey)),
          module: t(menuLabelKey(moduleKey)),
        })}
      </Body1>
      <ShellLink to={ShellPaths.dashboard}>{t('navigation.moduleMissing.backToDashboard')}</ShellLink>
    </section>
  );
}
