import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Profile } from '@hcm/contracts';
import {
  Button,
  DismissRegular,
  NavigationRegular,
  PanelLeftContractRegular,
  PanelLeftExpandRegular,
  makeStyles,
  mergeClasses,
  tokens,
  useScreenSize,
} from '@hcm/ui';
import { useSidebarCollapsed } from '../navigation/sidebar-collapse.ts';
import { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from '../routing/shell-paths.ts';
import { useShellLocation } from '../routing/location.ts';
import { useShellTranslation } from '../shell-i18n.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TOP_BAR_HEIGHT, TopBar } from './TopBar.tsx';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  body: { flexGrow: 1, display: 'flex', alignItems: 'flex-start' },
  // The page (the document) scrolls; the menu column stays under the top bar and scrolls alone.
  sidebar: {
    position: 'sticky',
    top: TOP_BAR_HEIGHT,
    height: `calc(100vh - ${TOP_BAR_HEIGHT})`,
    width: '272px',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  sidebarCollapsed: { width: '56px' },
  sidebarMenu: { flexGrow: 1, minHeight: 0 },
  collapseButton: {
    flexShrink: 0,
    margin: tokens.spacingHorizontalS,
    justifyContent: 'flex-start',
  },
  collapseButtonCollapsed: { alignSelf: 'center', marginInline: 0 },
  drawer: {
    position: 'fixed',
    insetBlock: 0,
    insetInlineStart: 0,
    width: 'min(85vw, 320px)',
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
  },
  closeButton: { alignSelf: 'flex-end', margin: tokens.spacingHorizontalS },
  drawerMenu: { flexGrow: 1 },
  backdrop: {
    position: 'fixed',
    inset: 0,
    zIndex: 999,
    backgroundColor: tokens.colorBackgroundOverlay,
  },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
  },
  mobileBar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * The signed-in frame: top bar; the main menu beside the content (a drawer on phones); in the
 * content, the breadcrumb, the shell's own page and the module outlet. The outlet is an empty
 * element React never renders into: module micro-apps mount their own React roots there, and it
 * stays in place while the user moves between workspace pages so a mounted module is not torn
 * down under its feet.
 */
export function WorkspaceLayout({ profile, children }: { profile: Profile; children?: ReactNode }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const { pathname } = useShellLocation();
  const mobile = useScreenSize() === 'mobile';
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { collapsed, setCollapsed } = useSidebarCollapsed();
  const menuId = useId();
  const sidebarId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Tells modules waiting to mount that their element exists (it does not while signed out).
  const announceOutlet = useCallback((outlet: HTMLDivElement | null) => {
    if (outlet) window.dispatchEvent(new CustomEvent(MODULE_OUTLET_READY_EVENT, { detail: { outlet } }));
  }, []);
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    openButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!mobile || !drawerOpen) return;
    // Keyboard users land in the drawer they opened, and leave it with Escape.
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobile, drawerOpen, closeDrawer]);

  return (
    <div className={styles.root}>
      <TopBar profile={profile} />
      <div className={styles.body}>
        {!mobile && (
          <div className={mergeClasses(styles.sidebar, collapsed && styles.sidebarCollapsed)}>
            <Sidebar
              id={sidebarId}
              profile={profile}
              pathname={pathname}
              className={styles.sidebarMenu}
              collapsed={collapsed}
              onExpand={() => setCollapsed(false)}
            />
            <Button
              className={mergeClasses(styles.collapseButton, collapsed && styles.collapseButtonCollapsed)}
              appearance="subtle"
              icon={collapsed ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />}
              aria-label={collapsed ? t('navigation.expandMenu') : undefined}
              title={collapsed ? t('navigation.expandMenu') : undefined}
              aria-expanded={!collapsed}
              aria-controls={sidebarId}
              onClick={() => setCollapsed(!collapsed)}
            >
              {collapsed ? null : t('navigation.collapseMenu')}
            </Button>
          </div>
        )}
        {mobile && drawerOpen && <div className={styles.backdrop} aria-hidden onClick={closeDrawer} />}
        {mobile && drawerOpen && (
          <div className={styles.drawer}>
            <Button
              ref={closeButton}
              className={styles.closeButton}
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={t('navigation.closeMenu')}
              onClick={closeDrawer}
            />
            <Sidebar
              id={menuId}
              profile={profile}
              pathname={pathname}
              className={styles.drawerMenu}
              onNavigate={() => setDrawerOpen(false)}
            />
          </div>
        )}
        <main className={styles.main} aria-label={t('workspace.mainLabel')}>
          <div className={styles.mobileBar}>
            {mobile && (
              <Button
                ref={openButton}
                appearance="subtle"
                icon={<NavigationRegular />}
                aria-label={t('navigation.openMenu')}
                aria-expanded={drawerOpen}
                aria-controls={drawerOpen ? menuId : undefined}
                onClick={() => setDrawerOpen(true)}
              />
            )}
            <Breadcrumb pathname={pathname} />
          </div>
          {children}
          <div id={MODULE_OUTLET_ID} ref={announceOutlet} />
        </main>
      </div>
    </div>
  );
}
