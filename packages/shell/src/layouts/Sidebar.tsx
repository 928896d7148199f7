import { useEffect, useId, useMemo, useRef } from 'react';
import type { MenuGroup, MenuNode, Profile } from '@hcm/contracts';
import { ChevronDownRegular, ChevronRightRegular, makeStyles, mergeClasses, tokens } from '@hcm/ui';
import { followInPortal } from '../navigation/follow-link.ts';
import { MenuIcon } from '../navigation/menu-icons.ts';
import { useMenuOpenState } from '../navigation/menu-state.ts';
import { matchMenuPath, menuLabelKey, viewerOf, visibleMenu } from '../navigation/menu-service.ts';
import { useShellTranslation } from '../shell-i18n.ts';
import { CollapsedMenu } from './CollapsedMenu.tsx';
import { MenuSearch, useMenuSearch } from './MenuSearch.tsx';

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexDirection: 'column',
    overflowY: 'auto',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalXS,
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
    paddingInlineEnd: tokens.spacingHorizontalS,
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
  label: { flexGrow: 1 },
  icon: { flexShrink: 0, fontSize: '20px', color: tokens.colorNeutralForeground2 },
  chevron: { flexShrink: 0, fontSize: '16px', color: tokens.colorNeutralForeground3 },
  current: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  nothingFound: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

/**
 * Each level of the tree is indented one step more. First-level rows start with their icon; the
 * rows below line up with the first level's labels (12px padding + 20px icon + 8px gap).
 */
const indent = (depth: number) => ({
  paddingInlineStart: depth === 0 ? '12px' : `${40 + (depth - 1) * 16}px`,
});

interface SidebarProps {
  profile: Profile;
  pathname: string;
  /** the nav element's id, for the buttons that open it (drawer) or widen it (collapsed) */
  id?: string;
  className?: string;
  /** after following an entry (the drawer closes) */
  onNavigate?: () => void;
  /** icons only (desktop); a group's icon then asks for the full menu with `onExpand` */
  collapsed?: boolean;
  onExpand?: () => void;
}

/** What every level of the tree needs to draw itself. */
interface TreeProps {
  currentKey: string | undefined;
  isOpen: (groupKey: string) => boolean;
  toggle: (groupKey: string) => void;
  onNavigate?: () => void;
}

/**
 * The main menu: a search box, then the groups and entries of the menu this user may open.
 * Groups are buttons that open and close (remembered), entries are real links so that a middle
 * click opens a new tab. While the user searches, only the matching entries show, with their
 * groups open. Collapsed, it is a column of the first level's icons.
 */
export function Sidebar({ profile, pathname, id, className, onNavigate, collapsed, onExpand }: SidebarProps) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const menu = useMemo(() => visibleMenu(viewerOf(profile)), [profile]);
  const match = useMemo(() => matchMenuPath(pathname), [pathname]);
  const currentGroupKeys = useMemo(() => match?.groups.map((g) => g.key) ?? [], [match]);
  const { isOpen, toggle, open } = useMenuOpenState(currentGroupKeys);
  const search = useMenuSearch(menu);
  const navRef = useRef<HTMLElement>(null);
  // The group whose icon was pressed in the collapsed menu: focused once the full menu shows it.
  const focusGroup = useRef<string | null>(null);

  useEffect(() => {
    const key = focusGroup.current;
    if (collapsed || !key) return;
    focusGroup.current = null;
    navRef.current?.querySelector<HTMLElement>(`[data-group-key="${key}"]`)?.focus();
  }, [collapsed]);

  if (collapsed) {
    return (
      <CollapsedMenu
        id={id}
        className={className}
        menu={menu}
        currentKey={match?.entry.key}
        currentGroupKeys={currentGroupKeys}
        onOpenGroup={(key) => {
          open(key);
          focusGroup.current = key;
          onExpand?.();
        }}
      />
    );
  }
  const searching = search.active;
  const tree: TreeProps = {
    currentKey: match?.entry.key,
    // A search shows what it found: every group of the result is open.
    isOpen: searching ? () => true : isOpen,
    toggle: searching ? () => undefined : toggle,
    onNavigate: () => {
      search.clear();
      onNavigate?.();
    },
  };
  return (
    <nav
      ref={navRef}
      id={id}
      className={mergeClasses(styles.nav, className)}
      aria-label={t('navigation.mainMenu')}
    >
      <MenuSearch search={search} listRef={navRef} />
      {searching && search.result.entryCount === 0 ? (
        // Seen here, heard from the search's status line: aria-hidden so it is not said twice.
        <p className={styles.nothingFound} aria-hidden>
          {t('navigation.search.none')}
        </p>
      ) : (
        <MenuNodes nodes={searching ? search.result.nodes : menu} depth={0} tree={tree} />
      )}
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
              style={indent(depth)}
              aria-current={current ? 'page' : undefined}
              data-menu-entry=""
              onClick={followInPortal(node.path, tree.onNavigate)}
            >
              {depth === 0 && <MenuIcon menuKey={node.key} className={styles.icon} />}
              <span className={styles.label}>{t(menuLabelKey(node.key))}</span>
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
        style={indent(depth)}
        aria-expanded={open}
        aria-controls={listId}
        data-group-key={group.key}
        onClick={() => tree.toggle(group.key)}
      >
        {depth === 0 && <MenuIcon menuKey={group.key} className={styles.icon} />}
        <span className={styles.label}>{t(menuLabelKey(group.key))}</span>
        <Chevron className={styles.chevron} aria-hidden />
      </button>
      <MenuNodes nodes={group.children} depth={depth + 1} tree={tree} id={listId} hidden={!open} />
    </li>
  );
}
