import type { Db, Tx } from '../db/database.ts';
import { inScope, type Scope } from '../db/tenant-scope.ts';

/** What one chunk did: how many units, and whether any are left. */
export interface Chunk {
  readonly count: number;
  readonly more: boolean;
}

export interface ChunksDone {
  /** the units done over every chunk */
  readonly done: number;
  /** true when `between` said stop (the job was cancelled) before the work ran out */
  readonly stopped: boolean;
}

/**
 * Long work as many short transactions, one per chunk, each in `scope` (row-level security
 * applies) and each taking its own turn on the embedded database's one connection (db/tenant-
 * turns.ts): between two chunks the job holds nothing, so every request that arrived meanwhile
 * is served before the next chunk starts, and a 1,000-worker job never stalls the API for longer
 * than one chunk (docs/jobs.md, measured). `between` runs after each chunk that left more (to
 * report progress, and to stop when the job was cancelled: it answers false).
 */
export async function runInChunks(
  db: Db,
  scope: Scope,
  step: (tx: Tx) => Promise<Chunk>,
  between: (done: number) => Promise<boolean> = async () => true,
): Promise<ChunksDone> {
  let done = 0;
  for (;;) {
    const chunk = await inScope(db, scope, step);
    done += chunk.count;
    if (!chunk.more) return { done, stopped: false };
    if (!(await between(done))) return { done, stopped: true };
  }
}
