import { inboundCause } from './inbound-context.ts';
import { redactUrl } from './redact-url.ts';

/** One call to another system, as the outbound log keeps it. */
export interface OutboundEntry {
  /** when the call started */
  createdAt: Date;
  tenantId: string | null;
  /** the id of the inbound request that caused it (x-request-id), null outside a request */
  requestId: string | null;
  /** the system called, by a short name of ours ('file-store', later 'email', 'webhook') */
  target: string;
  method: string;
  /** without credentials or signature parameters (redact-url.ts) */
  url: string;
  /** null when no answer came (network failure, timeout) */
  status: number | null;
  durationMs: number;
  bytesSent: number | null;
  bytesReceived: number | null;
  /** why the call failed without an answer, or broke off while its body streamed */
  error: string | null;
}

/** Where the entries go: an insert of a batch (outbound-log-store.ts), and pruning. */
export interface OutboundLogSink {
  write(entries: readonly OutboundEntry[]): Promise<void>;
  /** removes the entries older than `before` */
  prune(before: Date): Promise<void>;
}

export interface OutboundRecorderOptions {
  sink: OutboundLogSink;
  /** counts a batch that could not be written, and entries dropped for a full buffer */
  onLost?: (reason: 'write_failed' | 'buffer_full', entries: number) => void;
  /** entries kept while the database is slow; more are dropped (and counted), never awaited */
  maxBuffer?: number;
  /** entries per insert */
  batchSize?: number;
  /** how long an entry may wait for its batch */
  flushMs?: number;
  /** days an entry is kept (default 90: long enough to answer "did we send it?" a quarter later) */
  retentionDays?: number;
  /** how often old entries are pruned */
  pruneEveryMs?: number;
}

/** The recorder's own counts, for tests and the metrics. */
export interface OutboundRecorderStats {
  written: number;
  lost: number;
}

export interface OutboundRecorder {
  /** queues one entry; returns at once and never throws */
  record(entry: OutboundEntry): void;
  /** writes what is queued (tests, shutdown) */
  flush(): Promise<void>;
  /** flushes and stops the timers */
  close(): Promise<void>;
  readonly stats: OutboundRecorderStats;
}

export const OUTBOUND_LOG_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The outbound log's recorder: entries are queued in memory and inserted in batches (at
 * `batchSize` entries or after `flushMs`), one batch at a time, so that a call to another
 * system never waits for, nor fails because of, its own log line. A batch that cannot be
 * written is lost and counted (onLost), as are entries beyond `maxBuffer` while the database
 * lags. Old entries are pruned after the first flush and then every `pruneEveryMs`.
 */
export function createOutboundRecorder(options: OutboundRecorderOptions): OutboundRecorder {
  const { sink, onLost } = options;
  const maxBuffer = options.maxBuffer ?? 5000;
  const batchSize = options.batchSize ?? 200;
  const flushMs = options.flushMs ?? 1000;
  const retentionMs = (options.retentionDays ?? OUTBOUND_LOG_RETENTION_DAYS) * DAY_MS;
  const pruneEveryMs = options.pruneEveryMs ?? 6 * 3_600_000;
  const stats: OutboundRecorderStats = { written: 0, lost: 0 };
  let queue: OutboundEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let prunedAt = 0;
  let closed = false;

  const lose = (reason: 'write_failed' | 'buffer_full', count: number) => {
    stats.lost += count;
    try {
      onLost?.(reason, count);
    } catch {
      // a broken counter must not break the caller either
    }
  };

  const writeBatch = async (batch: OutboundEntry[]) => {
    try {
      await sink.write(batch);
      stats.written += batch.length;
    } catch {
      lose('write_failed', batch.length);
    }
    if (Date.now() - prunedAt >= pruneEveryMs) {
      prunedAt = Date.now();
      await sink.prune(new Date(Date.now() - retentionMs)).catch(() => undefined);
    }
  };

  /** Chains the queued entries' batches after any batch being written. */
  const drain = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const taken = queue;
    queue = [];
    writing = writing.then(async () => {
      for (let i = 0; i < taken.length; i += batchSize) await writeBatch(taken.slice(i, i + batchSize));
    });
    return writing;
  };

  return {
    stats,
    record(entry) {
      if (closed || queue.length >= maxBuffer) {
        lose('buffer_full', 1);
        return;
      }
      queue.push(entry);
      if (queue.length >= batchSize) void drain();
      else if (!timer) {
        timer = setTimeout(() => void drain(), flushMs);
        timer.unref();
      }
    },
    flush: () => drain(),
    async close() {
      closed = true;
      await drain();
    },
  };
}

/** What a caller knows when its call ends. */
export interface OutboundOutcome {
  status?: number | null;
  bytesReceived?: number | null;
  error?: unknown;
}

/**
 * Starts timing one call and takes its cause (the inbound request, its tenant) from where it
 * runs; `end` records it once (later calls are ignored, so both an answer and a late stream
 * error may report). Without a recorder it does nothing.
 */
export function startOutboundCall(
  recorder: OutboundRecorder | undefined,
  call: { target: string; method: string; url: string; bytesSent?: number | null },
): { end(outcome: OutboundOutcome): void } {
  if (!recorder) return { end() {} };
  const createdAt = new Date();
  const started = performance.now();
  const cause = inboundCause();
  let ended = false;
  return {
    end(outcome) {
      if (ended) return;
      ended = true;
      // the tenant is read again: authentication may have set it since the call began
      const tenantId = cause.tenantId ?? inboundCause().tenantId;
      recorder.record({
        createdAt,
        tenantId,
        requestId: cause.requestId,
        target: call.target,
        method: call.method.toUpperCase(),
        url: redactUrl(call.url).slice(0, 2000),
        status: outcome.status ?? null,
        durationMs: Math.max(0, Math.round(performance.now() - started)),
        bytesSent: call.bytesSent ?? null,
        bytesReceived: outcome.bytesReceived ?? null,
        error:
          outcome.error === undefined || outcome.error === null
            ? null
            : (outcome.error instanceof Error ? outcome.error.message : String(outcome.error)).slice(0, 1000),
      });
    },
  };
}

const bodySize = (body: unknown): number | null => {
  if (body === undefined || body === null) return 0;
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof URLSearchParams) return Buffer.byteLength(body.toString());
  if (body instanceof Blob) return body.size;
  return null;
};

/**
 * `fetch` that records each call to `target` in the outbound log (e-mail and webhook clients
 * use it). Bytes received are the answer's content-length: the body is the caller's to read.
 * A network failure or timeout is recorded with its message and thrown on unchanged.
 */
export function recordedFetch(
  recorder: OutboundRecorder | undefined,
  target: string,
  send: typeof fetch = fetch,
): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const call = startOutboundCall(recorder, { target, method, url, bytesSent: bodySize(init?.body) });
    try {
      const response = await send(input, init);
      const length = response.headers.get('content-length');
      call.end({ status: response.status, bytesReceived: length === null ? null : Number(length) });
      return response;
    } catch (error) {
      call.end({ error });
      throw error;
    }
  };
}
