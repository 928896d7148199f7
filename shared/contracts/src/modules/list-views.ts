/*
 * Each user's list settings (issue 27, deliverable 7): the columns chosen on a list, and saved
 * views (named filters, sort, keyword and columns) with at most one default per list. Kept by the
 * server per user and list so they follow the user across devices; nobody else sees them.
 */

const BASE = '/api/iam/me/lists';

export const LIST_SETTINGS_PATHS = {
  /** GET ?list=om/workers: the chosen columns (null: the list's defaults) and the saved views */
  settings: BASE,
  /** POST { list, columns }: remembers the columns (columns null: back to the defaults) */
  columns: `${BASE}/columns`,
  /** POST { list, name, state, isDefault? }: saves a view */
  createView: `${BASE}/views`,
  /** POST { name?, state?, isDefault? }: renames, re-saves or makes (un)default a view */
  updateView: `${BASE}/views/:id/update`,
  /** POST: deletes a view */
  deleteView: `${BASE}/views/:id/delete`,
} as const;

export const ListViewLimits = {
  /** a list's key: its resource's service/path ('om/workers') or a screen's own key */
  listKey: 100,
  listKeyPattern: '^[a-z0-9][a-z0-9/_-]*$',
  name: 60,
  /** saved views per user and list */
  viewsPerList: 20,
  /** columns one may choose (names of at most 64 characters) */
  columns: 60,
  columnName: 64,
  /** the saved state as JSON text, in bytes */
  stateBytes: 4096,
} as const;

/** Error codes of these routes (also shown through the error catalogue). */
export const ListViewErrors = {
  /** 409: the user already has ListViewLimits.viewsPerList views on this list */
  tooMany: 'LIST_VIEWS_TOO_MANY',
  /** 409: another view of the list has this name */
  duplicateName: 'LIST_VIEW_NAME_TAKEN',
  /** 400: the state is larger than ListViewLimits.stateBytes */
  stateTooLarge: 'LIST_VIEW_STATE_TOO_LARGE',
} as const;

/** What a view restores: the list's query without its page, and the columns shown. */
export interface ListViewState {
  keyword?: string;
  sortBy?: string;
  /** the list's filters, as in its query */
  filters?: Record<string, unknown>;
  /** the columns shown, in order; absent: leave the columns as they are */
  columns?: string[];
}

export interface ListView {
  id: string;
  name: string;
  state: ListViewState;
  isDefault: boolean;
}

export interface ListSettings {
  /** null: the list's default columns */
  columns: string[] | null;
  views: ListView[];
}
