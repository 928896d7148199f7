import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant-scope.ts';
import { testEngines } from '../../testing/engines.ts';
import { startApprovalStory, type ApprovalStory, type Person } from '../testing/approval-fixture.ts';

/*
 * docs/approvals.md "The transitions", as a test table: every state × every action × each kind
 * of actor. Written out here rather than read from @hcm/contracts/approvals, so that a change to
 * the product's table fails this test until the docs and the test agree with it.
 *
 * Actors: the requester (HR, every displacement permission), the current step's assignee (the
 * manager on WAIT_APPROVE, the director on IN_APPROVE, the manager otherwise: view, approve and
 * reject only), another user holding every displacement permission.
 */
type State = 'NEW' | 'WAIT_APPROVE' | 'IN_APPROVE' | 'APPROVED' | 'REJECTED' | 'CANCELED';
type Action = 'REQUEST_APPROVAL' | 'CANCEL_APPROVAL' | 'APPROVE' | 'REJECT' | 'BACK';
type Actor = 'requester' | 'assignee' | 'other';

const STATES: State[] = ['NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED'];
const OPEN: State[] = ['WAIT_APPROVE', 'IN_APPROVE'];
const TABLE: Record<Action, { from: State[]; actors: Actor[]; to: (from: State) => State }> = {
  REQUEST_APPROVAL: {
    from: ['NEW', 'REJECTED', 'CANCELED'],
    actors: ['requester', 'other'],
    to: () => 'WAIT_APPROVE',
  },
  CANCEL_APPROVAL: { from: OPEN, actors: ['requester'], to: () => 'CANCELED' },
  // a two-step workflow: the first approval moves on, the last one approves
  APPROVE: {
    from: OPEN,
    actors: ['assignee'],
    to: (from) => (from === 'WAIT_APPROVE' ? 'IN_APPROVE' : 'APPROVED'),
  },
  REJECT: { from: OPEN, actors: ['assignee'], to: () => 'REJECTED' },
  BACK: { from: OPEN, actors: ['assignee'], to: () => 'NEW' },
};
/** The permission action each action needs; the assignee holds only approve and reject. */
const NEEDS: Record<Action, string> = {
  REQUEST_APPROVAL: 'request-approval',
  CANCEL_APPROVAL: 'cancel-approval',
  APPROVE: 'approve',
  REJECT: 'reject',
  BACK: 'reject',
};
const HOLDS: Record<Actor, string[]> = {
  requester: ['request-approval', 'cancel-approval', 'approve', 'reject'],
  other: ['request-approval', 'cancel-approval', 'approve', 'reject'],
  assignee: ['approve', 'reject'],
};

interface Case {
  state: State;
  action: Action;
  actor: Actor;
  status: 200 | 403 | 409;
  after: State;
}
const CASES: Case[] = STATES.flatMap((state) =>
  (Object.keys(TABLE) as Action[]).flatMap((action) =>
    (['requester', 'assignee', 'other'] as Actor[]).map((actor): Case => {
      const rule = TABLE[action];
      if (!HOLDS[actor].includes(NEEDS[action])) return { state, action, actor, status: 403, after: state };
      if (!rule.from.includes(state)) return { state, action, actor, status: 409, after: state };
      if (!rule.actors.includes(actor)) return { state, action, actor, status: 403, after: state };
      return { state, action, actor, status: 200, after: rule.to(state) };
    }),
  ),
);

const PATHS: Record<Action, string> = {
  REQUEST_APPROVAL: 'request-approval',
  CANCEL_APPROVAL: 'cancel-approval',
  APPROVE: 'approve',
  REJECT: 'reject-approval',
  BACK: 'back',
};

describe.each(await testEngines())('the approval transitions on $engine', ({ engine }) => {
  let story: ApprovalStory;
  /** each case's record, in its `state` before the case acts on it */
  const records = new Map<Case, string>();

  const act = async (who: Person, id: string, action: Action) => {
    const body =
      action === 'REQUEST_APPROVAL'
        ? story.assignment()
        : action === 'REJECT' || action === 'BACK'
          ? { reason: 'Lý do trong bảng' }
          : {};
    return story.post(who, `/api/om/displacements/${id}/${PATHS[action]}`, body);
  };
  /** `action` by `who` on each of `ids` at once (the batch: the engine's own call, per record) */
  const batch = async (who: Person, ids: string[], action: Exclude<Action, 'BACK'>) => {
    if (ids.length === 0) return;
    const body =
      action === 'REQUEST_APPROVAL'
        ? { ids, workflow: story.assignment() }
        : action === 'REJECT'
          ? { ids, reason: 'Lý do trong bảng' }
          : { ids };
    const res = await story.post<{ data: { succeeded: number } }>(
      who,
      `/api/om/displacements/${PATHS[action]}/batch`,
      body,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ succeeded: ids.length, failed: 0 });
  };

  /*
   * A fresh record per case, brought to its state by the engine's own calls, all at once: the
   * records written NEW, then each step of the way taken for every record that goes that far
   * in one batch (five calls for the 90 records rather than up to three each).
   */
  beforeAll(async () => {
    story = await startApprovalStory(engine);
    const db = story.kit.server.db.orm;
    const scope = { tenantId: story.tenantId, userId: story.hr.userId };
    const written = await inScope(db, scope, async (tx) => {
      const result = (await tx.execute(sql`
        insert into displacements (tenant_id, worker_id, decision_number, effective_date, to_unit_id, created_by, last_modified_by)
        select ${story.tenantId}, ${story.ids.worker}, 'BANG-' || n || '/2026', '2099-01-01', ${story.ids.finance}, ${story.hr.userId}, ${story.hr.userId}
        from generate_series(1, ${CASES.length}::int) n returning id, decision_number`)) as unknown as {
        rows: { id: string; decision_number: string }[];
      };
      return result.rows;
    });
    const ids = new Map(written.map((row) => [row.decision_number, row.id]));
    CASES.forEach((c, index) => records.set(c, ids.get(`BANG-${index + 1}/2026`) as string));
    const inState = (...states: State[]) =>
      CASES.filter((c) => states.includes(c.state)).map((c) => records.get(c) as string);
    await batch(
      story.hr,
      inState('WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED'),
      'REQUEST_APPROVAL',
    );
    await batch(story.manager, inState('IN_APPROVE', 'APPROVED'), 'APPROVE');
    await batch(story.director, inState('APPROVED'), 'APPROVE');
    await batch(story.manager, inState('REJECTED'), 'REJECT');
    await batch(story.hr, inState('CANCELED'), 'CANCEL_APPROVAL');
    const states = await inScope(db, scope, async (tx) => {
      const result = (await tx.execute(
        sql`select id, approval_status from displacements where decision_number like 'BANG-%'`,
      )) as unknown as { rows: { id: string; approval_status: string }[] };
      return new Map(result.rows.map((row) => [row.id, row.approval_status]));
    });
    expect(CASES.map((c) => states.get(records.get(c) as string))).toEqual(CASES.map((c) => c.state));
  });
  afterAll(() => story?.kit.stop());

  const actorIn = (actor: Actor, state: State): Person =>
    actor === 'requester'
      ? story.hr
      : actor === 'other'
        ? story.other
        : state === 'IN_APPROVE'
          ? story.director
          : story.manager;

  it.each(CASES)('$action on a $state record by the $actor: $status, then $after', async (c) => {
    const id = records.get(c) as string;
    const res = await act(actorIn(c.actor, c.state), id, c.action);
    expect(res.status, JSON.stringify(res.body)).toBe(c.status);
    if (c.status !== 200)
      expect(res.body).toMatchObject({ code: c.status === 409 ? 'CONFLICT' : 'FORBIDDEN' });
    const now = await story.get<{ data: { approvalStatus: string } }>(
      story.hr,
      `/api/om/displacements/${id}`,
    );
    expect(now.body.data.approvalStatus).toBe(c.after);
  });
});
