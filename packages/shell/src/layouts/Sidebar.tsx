import { useId, useMemo } from 'react';
import type { MenuGroup, MenuNode, Profile } from '@hcm/contracts';
import { ChevronDownRegular, ChevronRightRegular, makeStyles, mergeClasses, tokens } from '@hcm/ui';
import { followInPortal } from '../navigation/follow-link.ts';
import { useMenuOpenState } from '../navigation/menu-state.ts';
import { matchMenuPath, menuLabelKey, viewerOf, visibleMenu } from '../navigation/menu-service.ts';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexDirection: 'column',
    overflowY: 'auto',
    paddingBlock: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    width: '100%',
    boxSizing: 'border-box',
    minHeight: '36px',
    paddingBlock: tokens.spacingVerticalXS,
    paddingInlineEnd: tokens.spacingHorizontalM,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    textAlign: 'start',
    textDecorationLine: 'none',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  group: { fontWeight: tokens.fontWeightSemibold },
  chevron: { flexShrink: 0, fontSize: '16px' },
  current: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
});

/** Each level of the tree is indented one step more; entries line up with their group's name. */
const indent = (depth: number, isEntry: boolean) => ({
  paddingInlineStart: `calc(${tokens.spacingHorizontalM} + ${depth * 16 + (isEntry ? 24 : 0)}px)`,
});

interface SidebarProps {
  profile: Profile;
  pathname: string;
  /** the nav element's id, for the button that opens it as a drawer */
  id?: string;
  className?: string;
  /** after following an entry (the drawer closes) */
  onNavigate?: () => void;
}

/** What every level of the tree needs to draw itself. */
interface TreeProps {
  currentKey: string | undefined;
  isOpen: (groupKey: string) => boolean;
  toggle: (groupKey: string) => void;
  onNavigate?: () => void;
}

/**
 * The main menu: the groups and entries of the menu this user may open. Groups are buttons that
 * open and close (remembered), entries are real links so that a middle click opens a new tab.
 */
export function Sidebar({ profile, pathname, id, className, onNavigate }: SidebarProps) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const menu = useMemo(() => visibleMenu(viewerOf(profile)), [profile]);
  const match = useMemo(() => matchMenuPath(pathname), [pathname]);
  const currentGroupKeys = useMemo(() => match?.groups.map((g) => g.key) ?? [], [match]);
  const { isOpen, toggle } = useMenuOpenState(currentGroupKeys);
  return (
    <nav id={id} className={mergeClasses(styles.nav, className)} aria-label={t('navigation.mainMenu')}>
      <MenuNodes nodes={menu} depth={0} tree={{ currentKey: match?.entry.key, isOpen, toggle, onNavigate }} />
    </nav>
  );
}

function MenuNodes({
  nodes,
  depth,
  tree,
  id,
  hidden,
}: {
  nodes: readonly MenuNode[];
  depth: number;
  tree: TreeProps;
  id?: string;
  hidden?: boolean;
}) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <ul className={styles.list} id={id} hidden={hidden}>
      {nodes.map((node) => {
        if (node.kind === 'group') return <GroupItem key={node.key} group={node} depth={depth} tree={tree} />;
        const current = tree.currentKey === node.key;
        return (
          <li key={node.key}>
            <a
              href={node.path}
              className={mergeClasses(styles.item, current && styles.current)}
              style={indent(depth, true)}
              aria-current={current ? 'page' : undefined}
              onClick={followInPortal(node.path, tree.onNavigate)}
            >
              {t(menuLabelKey(node.key))}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function GroupItem({ group, depth, tree }: { group: MenuGroup; depth: number; tree: TreeProps }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const listId = useId();
  const open = tree.isOpen(group.key);
  const Chevron = open ? ChevronDownRegular : ChevronRightRegular;
  return (
    <li>
      <button
        type="button"
        className={mergeClasses(styles.item, styles.group)}
        style={indent(depth, false)}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => tree.toggle(group.key)}
      >
        <Chevron className={styles.chevron} aria-hidden />
        {t(menuLabelKey(group.key))}
      </button>
      <MenuNodes nodes={group.children} depth={depth + 1} tree={tree} id={listId} hidden={!open} />
    </li>
  );
}
