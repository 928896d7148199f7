import { Suspense, lazy, useId, useMemo } from 'react';
import type { Profile } from '@hcm/contracts';
import {
  Body1,
  Card,
  Spinner,
  Subtitle1,
  Subtitle2,
  Title2,
  makeStyles,
  tokens,
  useHasAuthority,
} from '@hcm/ui';
import { followInPortal } from '../../navigation/follow-link.ts';
import { MenuIcon } from '../../navigation/menu-icons.ts';
import { menuLabelKey, viewerOf, visibleMenu } from '../../navigation/menu-service.ts';
import { useShellTranslation } from '../../shell-i18n.ts';
import { quickLinkGroups, type QuickLinkGroup } from './quick-links.ts';
import { useDashboardText } from './summary/dashboard-text.ts';
import { SystemSummary } from './summary/SystemSummary.tsx';
import { TenantSummary } from './summary/TenantSummary.tsx';
import { useTenantDashboard } from './summary/use-tenant-dashboard.ts';

// a lazy chunk of the shell: only those who may see the employees download the charts
const WorkerStatistics = lazy(() =>
  import('./statistics/WorkerStatistics.tsx').then((module) => ({ default: module.WorkerStatistics })),
);

/** Past this many links a tile points to the menu for the rest: a tile is a shortcut, not a second menu. */
const LINKS_PER_TILE = 6;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  intro: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tiles: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  tile: { height: '100%', boxSizing: 'border-box', gap: tokens.spacingVerticalS },
  tileHeader: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  tileIcon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: '20px',
  },
  links: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  link: {
    display: 'block',
    paddingBlock: tokens.spacingVerticalXS,
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  statistics: {
    minHeight: '120px',
    justifyContent: 'center',
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: 'none',
  },
});

/**
 * The landing page of the workspace: a welcome with the user's name, the numbers to act on for
 * this kind of user (packages/shell/README.md "Dashboards"), quick links to what they may open
 * (the same menu the sidebar shows, one tile per group), and, for a tenant user who may see the
 * employee list, the workforce statistics within their data scope. A tenant user's numbers and
 * statistics come from one call (GET /api/om/dashboard), made here for both. A system user (no
 * tenant) gets the tenants, licences and health instead, and never a call to a tenant's lists.
 */
export function DashboardPage({ profile }: { profile: Profile }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const groups = useMemo(() => quickLinkGroups(visibleMenu(viewerOf(profile))), [profile]);
  const linksHeading = useId();
  const statisticsHeading = useId();
  const numbersHeading = useId();
  const { text, language } = useDashboardText();
  const isSystemUser = profile.tenantId === null || profile.userPrimary.userLevel === 'SYSTEM';
  const mayCount = useHasAuthority('worker.view') && !isSystemUser;
  const tenantDashboard = useTenantDashboard(!isSystemUser, language);
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <Title2 as="h1">{t('dashboard.welcome', { name: profile.fullName })}</Title2>
        <Body1 className={styles.muted}>
          {profile.tenantName ? `${profile.tenantName} · ` : ''}
          {t('dashboard.intro')}
        </Body1>
      </div>
      <section className={styles.section} aria-labelledby={numbersHeading}>
        <Subtitle1 as="h2" id={numbersHeading}>
          {text('numbers')}
        </Subtitle1>
        {isSystemUser ? <SystemSummary /> : <TenantSummary loaded={tenantDashboard} />}
      </section>
      <section className={styles.section} aria-labelledby={linksHeading}>
        <div className={styles.intro}>
          <Subtitle1 as="h2" id={linksHeading}>
            {t('dashboard.quickLinks')}
          </Subtitle1>
          <Body1 className={styles.muted}>
            {t(groups.length > 0 ? 'dashboard.quickLinksIntro' : 'dashboard.noQuickLinks')}
          </Body1>
        </div>
        {groups.length > 0 && (
          <ul className={styles.tiles}>
            {groups.map((group) => (
              <li key={group.key}>
                <QuickLinkTile group={group} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {!isSystemUser && (
        <section className={styles.section} aria-labelledby={statisticsHeading}>
          <Subtitle1 as="h2" id={statisticsHeading}>
            {t('dashboard.statistics.heading')}
          </Subtitle1>
          {mayCount ? (
            <Suspense fallback={<Spinner size="small" label={t('dashboard.statistics.loading')} />}>
              <WorkerStatistics loaded={tenantDashboard} />
            </Suspense>
          ) : (
            <Card className={styles.statistics} data-slot="organisation-statistics">
              <Body1 className={styles.muted}>{t('dashboard.statistics.pending')}</Body1>
            </Card>
          )}
        </section>
      )}
    </div>
  );
}

function QuickLinkTile({ group }: { group: QuickLinkGroup }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const shown = group.entries.slice(0, LINKS_PER_TILE);
  const more = group.entries.length - shown.length;
  return (
    <Card className={styles.tile}>
      <Subtitle2 as="h3" className={styles.tileHeader}>
        <span className={styles.tileIcon} aria-hidden>
          <MenuIcon menuKey={group.key} />
        </span>
        {t(menuLabelKey(group.key))}
      </Subtitle2>
      <ul className={styles.links}>
        {shown.map((entry) => (
          <li key={entry.key}>
            <a href={entry.path} className={styles.link} onClick={followInPortal(entry.path)}>
              {t(menuLabelKey(entry.key))}
            </a>
          </li>
        ))}
      </ul>
      {more > 0 && <Body1 className={styles.muted}>{t('dashboard.more', { count: more })}</Body1>}
    </Card>
  );
}
