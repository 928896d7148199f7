import { useMemo } from 'react';
import { makeStyles, tokens } from '@hcm/ui';
import { followInPortal } from '../navigation/follow-link.ts';
import { breadcrumbFor } from '../navigation/menu-service.ts';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    // The separator is decoration: screen readers already hear a list of steps.
    ':not(:first-child)::before': {
      // '/ ""' is the alternative text: nothing to announce.
      content: '"›" / ""',
      paddingInline: tokens.spacingHorizontalS,
    },
  },
  link: {
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
  },
  current: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** Home › group › subgroup › entry › Detail: where the current page sits in the menu. */
export function Breadcrumb({ pathname, className }: { pathname: string; className?: string }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const items = useMemo(() => breadcrumbFor(pathname), [pathname]);
  const last = items.length - 1;
  return (
    <nav aria-label={t('navigation.breadcrumb')} className={className}>
      <ol className={styles.list}>
        {items.map((item, index) => (
          <li key={item.labelKey} className={styles.item}>
            {index < last && item.path ? (
              <a href={item.path} className={styles.link} onClick={followInPortal(item.path)}>
                {t(item.labelKey)}
              </a>
            ) : (
              <span
                className={index === last ? styles.current : undefined}
                aria-current={index === last ? 'page' : undefined}
              >
                {t(item.labelKey)}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
