import { AdmsLimits } from '@hcm/contracts/attendance-devices';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { sortAttlog, linesOf } from './attlog.ts';
import {
  acknowledge,
  findDevice,
  storeAttlog,
  takeCommands,
  touchDevice,
  type KnownDevice,
} from './device-session.ts';
import {
  acknowledgementsOf,
  commandsAnswer,
  handshakeAnswer,
  pushVersionOf,
  serialOf,
  stampOf,
} from './protocol.ts';
import { SerialResolver } from './resolve-serial.ts';
import type { Tx } from '../../../db/database.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';

/** Where devices push: outside /api (no token, no tenant header), as the devices expect it. */
export const ICLOCK_PREFIX = '/iclock';

export interface AdmsOptions {
  db: Db;
  /** the server's clock: when a device was seen, which punch times are believable */
  clock: Clock;
  /** where the timesheet engine is asked to compute again the days new punches touch */
  queue: Pick<JobQueue, 'enqueue'>;
  /** how long this process keeps a serial's binding (default 10 s; 0: looked up at every request) */
  resolveTtlMs?: number;
}

type Query = Record<string, string | undefined>;

const text = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/plain; charset=utf-8').send(body);

/**
 * ZKTeco ADMS ("iclock") push over plain HTTP (docs/attendance-devices.md): the handshake and
 * uploads (/iclock/cdata), the heartbeat that hands out commands (/iclock/getrequest) and the
 * commands' acknowledgements (/iclock/devicecmd). A request names its device by SN only: the
 * serial's binding gives the tenant (resolve-serial.ts), and all the rest runs in that tenant's
 * scope, one transaction, taking its turn in the tenant's lane (a flood from one tenant's devices
 * waits, or is answered 429, in its own lane; devices retry after ErrorDelay). An unknown serial
 * is answered 403 and listed for a system administrator.
 */
export const admsRoutes: FastifyPluginAsync<AdmsOptions> = async (
  app,
  { db, clock, queue, resolveTtlMs = 10_000 },
) => {
  const resolver = new SerialResolver({ ttlMs: resolveTtlMs });

  // Devices send text (text/plain, application/x-www-form-urlencoded or none): read as text here,
  // whatever they say, and never more than the limit (413 beyond it).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: AdmsLimits.maxBodyBytes },
    (_request, body, done) => done(null, body),
  );

  /**
   * Runs `work` for the request's known device in its tenant's scope, or answers: 400 without a
   * serial, 403 for a serial no tenant has (listed as pending), switched off or deleted.
   */
  async function asDevice(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: Tx, device: KnownDevice, now: Date) => Promise<string>,
    attlogStamp?: string,
  ) {
    const query = request.query as Query;
    const serial = serialOf(query.SN ?? query.sn);
    if (!serial) return text(reply, 400, 'ERROR: SN is missing or not a serial number');
    const now = clock();
    const pushVersion = pushVersionOf(query.pushver);
    const binding = await resolver.resolve(
      db,
      { serial, at: now, ip: request.ip ?? null, pushVersion },
      now.getTime(),
    );
    if (!binding) return text(reply, 403, 'ERROR: unknown device');
    const answer = await inScope(
      db,
      { tenantId: binding.tenantId, userId: null },
      async (tx) => {
        const device = await findDevice(tx, binding.tenantId, binding.deviceId, serial);
        if (!device) return null;
        // seen now; an upload's Stamp is kept in the same statement (the same transaction as its
        // punches: a failed upload keeps the old stamp, and the device sends the lines again)
        await touchDevice(tx, device, {
          at: now,
          ip: request.ip ?? null,
          pushVersion,
          ...(attlogStamp ? { attlogStamp } : {}),
        });
        return work(tx, device, now);
      },
      { refuseWhenBusy: true },
    );
    if (answer === null) {
      resolver.forget(serial);
      return text(reply, 403, 'ERROR: unknown device');
    }
    return text(reply, 200, answer);
  }

  const handshake = async (request: FastifyRequest, reply: FastifyReply) =>
    asDevice(request, reply, async (_tx, device) => handshakeAnswer(device.serialNumber, device.attlogStamp));

  const upload = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const lines = linesOf(body);
    if (lines.length > AdmsLimits.maxLines)
      return text(reply, 413, `ERROR: at most ${AdmsLimits.maxLines} lines in one upload`);
    const query = request.query as Query;
    const table = (query.table ?? '').toUpperCase();
    const stamp = table === 'ATTLOG' ? stampOf(query.Stamp ?? query.stamp) : undefined;
    return asDevice(
      request,
      reply,
      async (tx, device, now) => {
        if (table !== 'ATTLOG') return `OK: ${lines.length}`; // OPERLOG, USERINFO, photos…: taken, not kept
        const sorted = sortAttlog(lines, device.timeZone, now);
        await storeAttlog(tx, queue, device, sorted, {
          scope: { tenantId: device.tenantId, userId: null },
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        });
        // Every line is answered as taken — stored, already stored, or quarantined — so that the
        // device moves on and never sends the same lines in a loop.
        return `OK: ${sorted.lines}`;
      },
      stamp,
    );
  };

  const heartbeat = async (request: FastifyRequest, reply: FastifyReply) =>
    asDevice(request, reply, async (tx, device, now) => commandsAnswer(await takeCommands(tx, device, now)));

  const acknowledgements = async (request: FastifyRequest, reply: FastifyReply) => {
    const lines = linesOf(typeof request.body === 'string' ? request.body : '');
    if (lines.length > AdmsLimits.maxLines)
      return text(reply, 413, `ERROR: at most ${AdmsLimits.maxLines} lines in one request`);
    return asDevice(request, reply, async (tx, device, now) => {
      await acknowledge(tx, device, acknowledgementsOf(lines), now);
      return 'OK';
    });
  };

  const config = { auth: 'public' as const };
  // Older firmwares add .aspx to the same paths.
  for (const suffix of ['', '.aspx']) {
    app.get(`${ICLOCK_PREFIX}/cdata${suffix}`, { config }, handshake);
    app.post(`${ICLOCK_PREFIX}/cdata${suffix}`, { config }, upload);
    app.get(`${ICLOCK_PREFIX}/getrequest${suffix}`, { config }, heartbeat);
    app.post(`${ICLOCK_PREFIX}/devicecmd${suffix}`, { config }, acknowledgements);
  }
  app.get(`${ICLOCK_PREFIX}/ping`, { config }, async (_request, reply) => text(reply, 200, 'OK'));
};
