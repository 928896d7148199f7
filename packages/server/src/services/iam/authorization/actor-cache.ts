import type { ApplicationModule } from '@hcm/contracts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { LicenceState } from '../../tenant/licences/check-licence.ts';
import type { LoadedActor } from './load-actor.ts';

/** The channel of migrations/0053's triggers: what a signed-in user may do has changed. */
export const AUTHORIZATION_SIGNAL = 'hcm_authorization';

export interface ActorCacheOptions {
  /** how long a kept actor or licence serves at most, signal or not (the net under the signals) */
  ttlMs: number;
  /** sessions kept at most; the least recently used goes first */
  maxActors: number;
  /** the clock of sessions (load-actor.ts's `now`) */
  clock: Clock;
}

interface KeptActor {
  actor: LoadedActor;
  /** when its session ends (ms): past it, the actor is loaded again, and refused */
  sessionEndsAt: number;
  keptAt: number;
}

interface KeptLicence {
  state: LicenceState;
  keptAt: number;
}

/** Where a load began: what it read is kept only if no signal came meanwhile. */
export type CacheGeneration = number;

/**
 * The callers this process has loaded, by session, and the licence of each tenant and module
 * (issue 29, part 1): a request whose caller is kept is authorized without a transaction of its
 * own. Anything that may change what a signed-in user may do (a user's status, roles, grants or
 * data scope, a tenant's status or licence, a session revoked or shortened: migrations/0053)
 * raises the authorization signal, and every process forgets everything it keeps: this one
 * before the changing transaction returns, the others when its NOTIFY arrives a moment after
 * the commit. While the listening connection is lost, nothing is kept or served. A kept entry
 * serves `ttlMs` at most, and never past its session's end.
 */
export class ActorCache {
  private readonly actors = new Map<string, KeptActor>();
  private readonly licences = new Map<string, KeptLicence>();
  /** equal grants share one set: ten thousand sessions of a few roles hold a few sets */
  private readonly grantSets = new Map<string, ReadonlySet<string>>();
  private generation: CacheGeneration = 0;
  private deaf = true;

  constructor(private readonly options: ActorCacheOptions) {}

  /** Listens for the signal; the cache serves once listening. The function stops it. */
  async watch(database: Pick<Database, 'watchSignal'>): Promise<() => Promise<void>> {
    const stop = await database.watchSignal(AUTHORIZATION_SIGNAL, {
      changed: () => this.forgetAll(),
      deaf: (deaf) => {
        this.deaf = deaf;
        this.forgetAll();
      },
    });
    this.deaf = false;
    return async () => {
      this.deaf = true;
      this.forgetAll();
      await stop();
    };
  }

  /** Call before loading: `keep…` stores what was loaded only if no signal came since. */
  begin(): CacheGeneration {
    return this.generation;
  }

  actor(sessionId: string, userId: string): LoadedActor | undefined {
    if (this.deaf) return undefined;
    const kept = this.actors.get(sessionId);
    if (!kept) return undefined;
    const now = this.options.clock().getTime();
    this.actors.delete(sessionId);
    if (kept.actor.userId !== userId || now >= kept.sessionEndsAt || now - kept.keptAt >= this.options.ttlMs)
      return undefined;
    // the most recently used last: eviction takes from the front
    this.actors.set(sessionId, kept);
    return kept.actor;
  }

  keepActor(since: CacheGeneration, sessionId: string, actor: LoadedActor): void {
    if (this.deaf || since !== this.generation) return;
    const codes = [...actor.permissions].sort().join(',');
    const shared = this.grantSets.get(codes) ?? actor.permissions;
    this.grantSets.set(codes, shared);
    this.actors.delete(sessionId);
    this.actors.set(sessionId, {
      actor: { ...actor, permissions: shared },
      sessionEndsAt: actor.sessionEndsAt.getTime(),
      keptAt: this.options.clock().getTime(),
    });
    while (this.actors.size > this.options.maxActors) {
      const oldest = this.actors.keys().next().value;
      if (oldest === undefined) break;
      this.actors.delete(oldest);
    }
  }

  licence(tenantId: string, module: ApplicationModule): LicenceState | undefined {
    if (this.deaf) return undefined;
    const kept = this.licences.get(`${tenantId}/${module}`);
    if (!kept) return undefined;
    if (this.options.clock().getTime() - kept.keptAt >= this.options.ttlMs) {
      this.licences.delete(`${tenantId}/${module}`);
      return undefined;
    }
    return kept.state;
  }

  keepLicence(
    since: CacheGeneration,
    tenantId: string,
    module: ApplicationModule,
    state: LicenceState,
  ): void {
    if (this.deaf || since !== this.generation) return;
    this.licences.set(`${tenantId}/${module}`, { state, keptAt: this.options.clock().getTime() });
  }

  /** how many sessions are kept (tests, metrics) */
  get size(): number {
    return this.actors.size;
  }

  private forgetAll(): void {
    this.generation++;
    this.actors.clear();
    this.licences.clear();
    this.grantSets.clear();
  }
}
