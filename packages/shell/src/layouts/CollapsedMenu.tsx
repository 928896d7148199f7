import type { MenuNode } from '@hcm/contracts';
import { makeStyles, mergeClasses, tokens } from '@hcm/ui';
import { followInPortal } from '../navigation/follow-link.ts';
import { MenuIcon } from '../navigation/menu-icons.ts';
import { menuLabelKey } from '../navigation/menu-service.ts';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    overflowY: 'auto',
    paddingBlock: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '40px',
    height: '40px',
    padding: 0,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  icon: { fontSize: '20px' },
  current: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorBrandForeground2 },
  },
});

/**
 * The sidebar folded to the icons of the menu's first level. Each icon carries its label as its
 * accessible name and as a tooltip (title). A first-level entry is a link; a group's icon widens
 * the menu with that group open and focused, so the keyboard goes on from there.
 */
export function CollapsedMenu({
  id,
  className,
  menu,
  currentKey,
  currentGroupKeys,
  onOpenGroup,
}: {
  id?: string;
  className?: string;
  menu: readonly MenuNode[];
  currentKey: string | undefined;
  currentGroupKeys: readonly string[];
  onOpenGroup: (groupKey: string) => void;
}) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <nav id={id} className={mergeClasses(styles.nav, className)} aria-label={t('navigation.mainMenu')}>
      <ul className={styles.list}>
        {menu.map((node) => {
          const label = t(menuLabelKey(node.key));
          if (node.kind === 'entry') {
            const current = currentKey === node.key;
            return (
              <li key={node.key}>
                <a
                  href={node.path}
                  className={mergeClasses(styles.item, current && styles.current)}
                  aria-label={label}
                  title={label}
                  aria-current={current ? 'page' : undefined}
                  onClick={followInPortal(node.path)}
                >
                  <MenuIcon menuKey={node.key} className={styles.icon} />
                </a>
              </li>
            );
          }
          // The group of the current page is marked, as the page's entry is in the full menu.
          const holdsCurrent = currentGroupKeys.includes(node.key);
          return (
            <li key={node.key}>
              <button
                type="button"
                className={mergeClasses(styles.item, holdsCurrent && styles.current)}
                aria-label={label}
                title={label}
                onClick={() => onOpenGroup(node.key)}
              >
                <MenuIcon menuKey={node.key} className={styles.icon} />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
