import { ErrorCodes } from '@hcm/contracts';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import {
  bodyProblems,
  listQuerySchemasOf,
  queryProblems,
  type ListQuerySchemas,
  type RequestFieldError,
} from '@hcm/contracts/resource/requests';

/** A 400 VALIDATION_FAILED body, as the server's error handler answers a refused request. */
export interface FakeRefusal {
  code: string;
  message: string;
  errors: RequestFieldError[];
}

/** The list sub-paths whose query the server checks with a closed schema, by method and sub-path. */
const QUERY_OF: Readonly<Record<string, keyof ListQuerySchemas>> = {
  'GET ': 'searchQuery',
  'GET /count': 'countQuery',
  'GET /export': 'exportQuery',
  'GET /auto-complete': 'autoCompleteQuery',
  'GET /auto-complete-all': 'autoCompleteAllQuery',
};
const BODY_OF: Readonly<Record<string, keyof ListQuerySchemas>> = {
  'POST /find-by-ids': 'findByIdsBody',
};

/** The schemas per contract, built once (by the builder the server's routes use). */
const cache = new WeakMap<AnyResourceContract, ListQuerySchemas>();
const schemasOf = (contract: AnyResourceContract) => {
  let schemas = cache.get(contract);
  if (!schemas) cache.set(contract, (schemas = listQuerySchemasOf(contract)));
  return schemas;
};

/**
 * What the real server would refuse of a call to a contract's list sub-path, checked with the
 * server's own schemas (@hcm/contracts/resource/requests): an unknown or malformed query
 * parameter, a bad find-by-ids body. Null when the server would take it (or the sub-path is
 * not one of these).
 */
export function refusalOf(
  contract: AnyResourceContract,
  method: string,
  subPath: string,
  query: URLSearchParams,
  body: unknown,
): FakeRefusal | null {
  const key = `${method} ${subPath}`;
  const queryName = QUERY_OF[key];
  const bodyName = BODY_OF[key];
  const problems = queryName
    ? queryProblems(schemasOf(contract)[queryName], query)
    : bodyName
      ? bodyProblems(schemasOf(contract)[bodyName], body)
      : null;
  if (!problems) return null;
  const said = problems.map((error) => `${error.field} ${error.message}`).join('; ');
  return {
    code: ErrorCodes.validation,
    message: `The request is not valid${said ? `: ${said}` : ''}`,
    errors: problems,
  };
}
