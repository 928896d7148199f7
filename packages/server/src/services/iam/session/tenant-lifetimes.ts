import { eq } from 'drizzle-orm';
import type { TokenConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { sessions, type SessionRow } from '../../../db/schema.ts';
import { readConfiguration } from '../../system/configuration/read-configuration.ts';
import { inSessionTenant } from './session-tenant.ts';

/**
 * The token lifetimes a sign-in of `tenantId` gets: its tenant's configuration (System ›
 * Configuration; with none, the system defaults; system users, the system defaults), each held
 * to the server's own (readConfiguration never answers more). `db` is the owner's transaction.
 */
export async function tenantTokenConfig(
  db: Db,
  tenantId: string | null,
  base: TokenConfig,
): Promise<TokenConfig> {
  const settings = await inSessionTenant(db, tenantId, () => readConfiguration(db, tenantId, base));
  return {
    ...base,
    refreshTtlSeconds: settings.refreshTtlSeconds,
    sessionMaxAgeSeconds: settings.sessionMaxAgeSeconds,
    rememberMeRefreshTtlSeconds: settings.rememberMeRefreshTtlSeconds,
    rememberMeSessionMaxAgeSeconds: settings.rememberMeSessionMaxAgeSeconds,
  };
}

/**
 * The end of `session` under its tenant's absolute lifetime today: a tenant that shortened it
 * since the sign-in shortens the sessions already open at their next refresh. The shorter end
 * is written to the session, so its access tokens die with it (load-actor checks expires_at).
 */
export async function sessionEndNow(tx: Db, session: SessionRow, config: TokenConfig): Promise<Date> {
  const lifetimes = await tenantTokenConfig(tx, session.tenantId, config);
  const maxAge = session.rememberMe
    ? lifetimes.rememberMeSessionMaxAgeSeconds
    : lifetimes.sessionMaxAgeSeconds;
  const capped = new Date(session.createdAt.getTime() + maxAge * 1000);
  if (capped >= session.expiresAt) return session.expiresAt;
  await inSessionTenant(tx, session.tenantId, () =>
    tx.update(sessions).set({ expiresAt: capped }).where(eq(sessions.id, session.id)),
  );
  return capped;
}
