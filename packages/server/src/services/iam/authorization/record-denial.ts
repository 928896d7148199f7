import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { callerScope } from '../../../http/caller-scope.ts';
import { recordActions } from '../../../resources/action-log/record-actions.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import type { EscalationRefused } from './escalation.ts';

/**
 * Keeps a refused escalation in the actor's action log (action DENIED): what was attempted, on
 * which account or role, and the codes the actor lacked. Written in a transaction of its own,
 * after the refused one has rolled back (on PGlite's one connection it could not run inside
 * it), from the IAM's onError hook; a failure to write it is logged, never answered.
 */
export async function recordDenial(
  db: Db,
  request: FastifyRequest,
  refused: EscalationRefused,
): Promise<void> {
  const { attempt } = refused;
  request.log.warn({ attempt }, 'refused: beyond the rights of the actor');
  try {
    const context = actionContextOf(request, callerScope(request));
    await inScope(db, context.scope, (tx) =>
      recordActions(tx, context, [
        {
          resource: attempt.resource,
          recordId: attempt.recordId,
          action: 'DENIED',
          changes: {
            attempted: { before: null, after: attempt.action },
            reason: { before: null, after: refused.message },
            ...(attempt.missing.length > 0 ? { missing: { before: null, after: attempt.missing } } : {}),
          },
        },
      ]),
    );
  } catch (error) {
    request.log.error({ err: error, attempt }, 'the refused attempt could not be written to the action log');
  }
}
