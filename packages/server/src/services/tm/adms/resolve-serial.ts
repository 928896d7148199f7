import { AdmsLimits } from '@hcm/contracts/attendance-devices';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { admsSerials } from '../devices/tables.ts';

/*
 * Which tenant's device a serial is (docs/attendance-devices.md, "Finding the tenant"). The
 * /iclock requests carry no user and no tenant: the serial is all there is. The platform's
 * register (adms_serials, migration 0058) is read in the system scope — app.tenant_id empty, the
 * one scope its policy admits — and only then does the request open its tenant's scope, where
 * row-level security confines it as it confines any signed-in request. Nothing reads a tenant's
 * table without its tenant set.
 */

export interface Binding {
  tenantId: string;
  deviceId: string;
}

interface Kept {
  binding: Binding;
  until: number;
}

/** What an unknown serial's request says about itself, kept for the administrator's list. */
export interface Sighting {
  serial: string;
  at: Date;
  ip: string | null;
  pushVersion: string | null;
}

/**
 * The serial → device look-ups of this process, kept `ttlMs` so that a device's heartbeat every
 * few seconds costs no system-scope transaction. Only bindings are kept, never "unknown": a
 * serial accepted a moment ago is found at its next request. A kept binding is always checked
 * again in the tenant's scope (the device must still exist, be ACTIVE and have that serial), so
 * a device deleted or renumbered meanwhile is refused at once, not after the TTL.
 */
export class SerialResolver {
  private readonly kept = new Map<string, Kept>();
  /** look-ups under way: a device's burst of requests waits for one, never queues one each */
  private readonly asking = new Map<string, Promise<Binding | null>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: { ttlMs: number; maxEntries?: number }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 20_000;
  }

  forget(serial: string): void {
    this.kept.delete(serial);
  }

  /**
   * The binding of the serial, or null when none: then the serial is noted in the register as
   * pending (first and last seen, source address, push version, requests), unless the register
   * already holds AdmsLimits.maxPendingSerials pending serials (a flood of made-up serials is
   * refused without filling it). `refuseWhenBusy`: on PGlite, the system lane's queue full
   * answers 429 rather than waiting.
   */
  async resolve(db: Db, sighting: Sighting, now: number): Promise<Binding | null> {
    const hit = this.kept.get(sighting.serial);
    if (hit && hit.until > now) return hit.binding;
    this.kept.delete(sighting.serial);
    const under = this.asking.get(sighting.serial);
    if (under) return under;
    const asked = this.lookUp(db, sighting, now);
    this.asking.set(sighting.serial, asked);
    try {
      return await asked;
    } finally {
      this.asking.delete(sighting.serial);
    }
  }

  private async lookUp(db: Db, sighting: Sighting, now: number): Promise<Binding | null> {
    const binding = await inScope(
      db,
      { tenantId: null, userId: null },
      async (tx) => {
        const [row] = await tx
          .select({ tenantId: admsSerials.tenantId, deviceId: admsSerials.deviceId })
          .from(admsSerials)
          .where(eq(admsSerials.serialNumber, sighting.serial));
        if (row?.tenantId && row.deviceId) return { tenantId: row.tenantId, deviceId: row.deviceId };
        await notePending(tx, sighting, row !== undefined);
        return null;
      },
      { refuseWhenBusy: true },
    );
    if (binding) {
      if (this.kept.size >= this.maxEntries) this.kept.clear();
      this.kept.set(sighting.serial, { binding, until: now + this.ttlMs });
    }
    return binding;
  }
}

type ScopeTx = Parameters<Parameters<typeof inScope>[2]>[0];

async function notePending(tx: ScopeTx, sighting: Sighting, listed: boolean): Promise<void> {
  const seen = {
    lastSeenAt: sighting.at,
    sourceIp: sighting.ip,
    ...(sighting.pushVersion ? { pushVersion: sighting.pushVersion } : {}),
  };
  if (listed) {
    await tx
      .update(admsSerials)
      .set({ ...seen, requests: sql`${admsSerials.requests} + 1` })
      .where(eq(admsSerials.serialNumber, sighting.serial));
    return;
  }
  const [pending] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(admsSerials)
    .where(isNull(admsSerials.tenantId));
  if ((pending?.count ?? 0) >= AdmsLimits.maxPendingSerials) return;
  await tx
    .insert(admsSerials)
    .values({ serialNumber: sighting.serial, firstSeenAt: sighting.at, requests: 1, ...seen })
    .onConflictDoNothing();
}
