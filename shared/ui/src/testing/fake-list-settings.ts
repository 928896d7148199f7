import { ErrorCodes } from '@hcm/contracts';
import {
  LIST_SETTINGS_PATHS,
  ListViewErrors,
  ListViewLimits,
  type ListView,
  type ListViewState,
} from '@hcm/contracts/list-views';
import type { FakeResourceCall, FakeResourceReply } from './fake-resource-api.ts';

const json = (status: number, body: unknown): FakeResourceReply => ({ status, body });

/**
 * The signed-in user's list settings (/api/iam/me/lists…) for browser tests, answered the way
 * the server does (bounds and codes from @hcm/contracts/list-views); plug it in with
 * `api.intercept(settings.answer)`.
 */
export class FakeListSettings {
  readonly columns = new Map<string, string[]>();
  readonly views: (ListView & { list: string })[] = [];
  #next = 1;

  readonly answer = (call: FakeResourceCall): FakeResourceReply | null => {
    if (!call.path.startsWith(LIST_SETTINGS_PATHS.settings)) return null;
    const body = (call.body ?? {}) as {
      list?: string;
      columns?: string[] | null;
      name?: string;
      state?: ListViewState;
      isDefault?: boolean;
    };
    if (call.method === 'GET' && call.path === LIST_SETTINGS_PATHS.settings) {
      const list = call.query.get('list') ?? '';
      return json(200, {
        data: { columns: this.columns.get(list) ?? null, views: this.#of(list).map(this.#present) },
      });
    }
    if (call.path === LIST_SETTINGS_PATHS.columns) {
      if (body.columns) this.columns.set(body.list ?? '', body.columns);
      else this.columns.delete(body.list ?? '');
      return json(200, { data: body.columns ?? null });
    }
    if (call.path === LIST_SETTINGS_PATHS.createView) {
      const list = body.list ?? '';
      const name = (body.name ?? '').trim();
      if (this.#of(list).length >= ListViewLimits.viewsPerList)
        return json(409, { code: ListViewErrors.tooMany, message: 'too many views' });
      if (this.#taken(list, name))
        return json(409, { code: ListViewErrors.duplicateName, message: 'name taken' });
      if (body.isDefault) this.#of(list).forEach((view) => (view.isDefault = false));
      const view = {
        id: `00000000-0000-4000-9000-${String(this.#next++).padStart(12, '0')}`,
        list,
        name,
        state: body.state ?? {},
        isDefault: body.isDefault ?? false,
      };
      this.views.push(view);
      return json(200, { data: this.#present(view) });
    }
    const match = /^\/api\/iam\/me\/lists\/views\/([^/]+)\/(update|delete)$/.exec(call.path);
    const view = this.views.find((candidate) => candidate.id === match?.[1]);
    if (!match || !view) return json(404, { code: ErrorCodes.notFound, message: 'Saved view not found' });
    if (match[2] === 'delete') {
      this.views.splice(this.views.indexOf(view), 1);
      return json(200, { data: { id: view.id } });
    }
    if (body.name !== undefined) {
      if (this.#taken(view.list, body.name.trim(), view.id))
        return json(409, { code: ListViewErrors.duplicateName, message: 'name taken' });
      view.name = body.name.trim();
    }
    if (body.isDefault) this.#of(view.list).forEach((other) => (other.isDefault = false));
    if (body.isDefault !== undefined) view.isDefault = body.isDefault;
    if (body.state) view.state = body.state;
    return json(200, { data: this.#present(view) });
  };

  #of = (list: string) => this.views.filter((view) => view.list === list);
  #taken = (list: string, name: string, except?: string) =>
    this.#of(list).some((view) => view.id !== except && view.name.toLowerCase() === name.toLowerCase());
  #present = ({ id, name, state, isDefault }: ListView): ListView => ({ id, name, state, isDefault });
}
