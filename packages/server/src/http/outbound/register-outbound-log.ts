import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { Db } from '../../db/database.ts';
import { outboundLogs } from '../../db/tables/outbound-logs.ts';
import { registerInboundContext } from './inbound-context.ts';
import {
  createOutboundRecorder,
  type OutboundLogSink,
  type OutboundRecorder,
  type OutboundRecorderOptions,
} from './outbound-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the outbound log's recorder (services hand it to their clients of other systems) */
    outboundLog: OutboundRecorder;
  }
}

/**
 * The table outbound_logs (migration 0025), written by the server's own connection: outside
 * any request's transaction and its tenant, which the row-level-security policy wants.
 */
export function outboundLogSink(db: Db): OutboundLogSink {
  return {
    async write(entries) {
      await db.insert(outboundLogs).values([...entries]);
    },
    async prune(before) {
      await db.delete(outboundLogs).where(lt(outboundLogs.createdAt, before));
    },
  };
}

/**
 * Every request runs with its inbound context (inbound-context.ts), and the app gets the
 * recorder (`app.outboundLog`), flushed when the app closes. Entries lost (a failed insert, a
 * full buffer) are counted in `outbound_log_lost_total{reason}` and warned about, never thrown.
 */
export function registerOutboundLog(
  app: FastifyInstance,
  deps: { db: Db; metrics?: Registry; options?: Partial<OutboundRecorderOptions> },
): OutboundRecorder {
  registerInboundContext(app);
  const lost = new Counter({
    name: 'outbound_log_lost_total',
    help: 'Outbound log entries not written, by reason (write_failed, buffer_full)',
    labelNames: ['reason'],
    registers: deps.metrics ? [deps.metrics] : [],
  });
  const recorder = createOutboundRecorder({
    sink: outboundLogSink(deps.db),
    ...deps.options,
    onLost(reason, entries) {
      lost.inc({ reason }, entries);
      app.log.warn({ reason, entries }, 'outbound log entries lost');
    },
  });
  app.decorate('outboundLog', recorder);
  app.addHook('onClose', () => recorder.close());
  return recorder;
}
