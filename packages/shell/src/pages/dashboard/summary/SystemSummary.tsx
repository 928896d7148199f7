import { useEffect, useState } from 'react';
import { ApiPaths, type Health } from '@hcm/contracts';
import {
  SYSTEM_DASHBOARD_PATH,
  type DashboardTenantRow,
  type SystemDashboard,
} from '@hcm/contracts/dashboard';
import { tenantContract } from '@hcm/contracts/system';
import { api } from '@hcm/session';
import { MessageBar, MessageBarBody, Spinner, formatDate, useHasAuthority } from '@hcm/ui';
import { listLink } from './card-links.ts';
import { useDashboardText } from './dashboard-text.ts';
import { ListCard, NumberCard, PortalLink, useCardStyles } from './NumberCard.tsx';

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

function useLoaded<T>(path: string | null): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (path === null) return;
    let alive = true;
    api
      .get<T>(path, { ignoreError: true })
      .then((data) => alive && setLoaded({ state: 'ready', data }))
      .catch(() => alive && setLoaded({ state: 'failed' }));
    return () => {
      alive = false;
    };
  }, [path]);
  return loaded;
}

const tenantDetail = (id: string) => `${tenantContract.route}/${encodeURIComponent(id)}/detail`;

/**
 * The system administrator's numbers: the tenants and their licences from one call, asked only
 * with the right to see tenants (tenant.view), and the system's health from the public health
 * check. A system user has no tenant: nothing here asks a tenant's lists.
 */
export function SystemSummary() {
  const styles = useCardStyles();
  const { text } = useDashboardText();
  const mayTenants = useHasAuthority('tenant.view');
  const summary = useLoaded<SystemDashboard>(mayTenants ? SYSTEM_DASHBOARD_PATH : null);
  const health = useLoaded<Health>(ApiPaths.health);
  return (
    <>
      {mayTenants && summary.state === 'loading' && <Spinner size="small" label={text('tenants')} />}
      {mayTenants && summary.state === 'failed' && (
        <MessageBar intent="warning">
          <MessageBarBody>{text('failed')}</MessageBarBody>
        </MessageBar>
      )}
      {mayTenants && summary.state === 'ready' && (
        <ul className={styles.row} aria-label={text('numbers')}>
          <li>
            <NumberCard
              slot="tenants"
              title={text('tenants')}
              count={summary.data.tenants.total}
              to={tenantContract.route}
              empty={text('noTenants')}
            />
          </li>
          <li>
            <NumberCard
              slot="tenants-active"
              title={text('tenantsActive')}
              count={summary.data.tenants.active}
              to={listLink(tenantContract.route, { status: 'ACTIVE' })}
              empty={text('zeroNote')}
            />
          </li>
          <li>
            <NumberCard
              slot="tenants-suspended"
              title={text('tenantsSuspended')}
              count={summary.data.tenants.suspended}
              to={listLink(tenantContract.route, { status: 'SUSPENDED' })}
              empty={text('zeroNote')}
            />
          </li>
        </ul>
      )}
      <div className={styles.lists}>
        {mayTenants && summary.state === 'ready' && (
          <>
            <TenantsCard
              slot="licences-ending-list"
              title={text('licencesEnding')}
              empty={text('noLicencesEnding')}
              rows={summary.data.licencesEnding}
            />
            <TenantsCard
              slot="unlicensed"
              title={text('unlicensed')}
              empty={text('noUnlicensed')}
              rows={summary.data.unlicensed}
            />
          </>
        )}
        <ListCard
          slot="health"
          title={text('health')}
          empty={health.state === 'failed' ? text('healthUnknown') : '…'}
        >
          {health.state === 'ready'
            ? [
                <li key="status" className={styles.item}>
                  <span className={styles.itemName}>{text('health')}</span>
                  <span className={styles.itemValue}>
                    {health.data.status === 'ok' ? text('healthUp') : text('healthDown')}
                  </span>
                </li>,
                <li key="database" className={styles.item}>
                  <span className={styles.itemName}>{text('database')}</span>
                  <span className={styles.itemValue}>
                    {health.data.database.engine} {health.data.database.serverVersion}
                  </span>
                </li>,
                <li key="migration" className={styles.item}>
                  <span className={styles.itemName}>{text('version')}</span>
                  <span className={styles.itemValue}>
                    {String(health.data.migration.version).padStart(4, '0')} {health.data.migration.name}
                  </span>
                </li>,
                <li key="uptime" className={styles.item}>
                  <span className={styles.itemName}>{text('uptime')}</span>
                  <span className={styles.itemValue}>{uptime(health.data.uptimeSeconds)}</span>
                </li>,
              ]
            : []}
        </ListCard>
      </div>
    </>
  );
}

function TenantsCard({
  slot,
  title,
  empty,
  rows,
}: {
  slot: string;
  title: string;
  empty: string;
  rows: readonly DashboardTenantRow[];
}) {
  const styles = useCardStyles();
  const { text } = useDashboardText();
  return (
    <ListCard slot={slot} title={title} empty={empty}>
      {rows.map((row) => (
        <li key={row.id} className={styles.item}>
          <span className={styles.itemName} title={`${row.code} · ${row.name}`}>
            <PortalLink to={tenantDetail(row.id)}>{row.name}</PortalLink>
          </span>
          <span className={styles.itemValue}>
            {row.endsAt ? text('endsOn', { date: formatDate(row.endsAt) }) : '—'}
          </span>
        </li>
      ))}
    </ListCard>
  );
}

/** 90061 seconds -> "1d 1h 1m". */
function uptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days ? `${days}d` : '', hours ? `${hours}h` : '', `${minutes}m`].filter(Boolean).join(' ');
}
