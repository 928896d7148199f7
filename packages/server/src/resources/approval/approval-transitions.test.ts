import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  beforeAll(async () => {
    story = await startApprovalStory(engine);
  });
  afterAll(() => story?.kit.stop());

  const act = async (who: Person, id: string, action: Action) => {
    const body =
      action === 'REQUEST_APPROVAL'
        ? story.assignment()
        : action === 'REJECT' || action === 'BACK'
          ? { reason: 'Lý do trong bảng' }
          : {};
    return story.post(who, `/api/om/displacements/${id}/${PATHS[action]}`, body);
  };
  const step = async (who: Person, id: string, action: Action) => {
    const res = await act(who, id, action);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** a fresh record brought to `state` by the engine's own calls */
  const recordIn = async (state: State) => {
    const { id } = await story.displacement({ effectiveDate: '2099-01-01' });
    if (state === 'NEW') return id;
    await step(story.hr, id, 'REQUEST_APPROVAL');
    if (state === 'IN_APPROVE' || state === 'APPROVED') await step(story.manager, id, 'APPROVE');
    if (state === 'APPROVED') await step(story.director, id, 'APPROVE');
    if (state === 'REJECTED') await step(story.manager, id, 'REJECT');
    if (state === 'CANCELED') await step(story.hr, id, 'CANCEL_APPROVAL');
    return id;
  };
  const actorIn = (actor: Actor, state: State): Person =>
    actor === 'requester'
      ? story.hr
      : actor === 'other'
        ? story.other
        : state === 'IN_APPROVE'
          ? story.director
          : story.manager;

  it.each(CASES)('$action on a $state record by the $actor: $status, then $after', async (c) => {
    const id = await recordIn(c.state);
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
