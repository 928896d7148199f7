import { useEffect } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { api, ApiError } from '@hcm/session';
// the lazy pages: the resource kit is a chunk of its own, loaded when a page is drawn
import { ResourcePages } from '../lazy.tsx';
import type { ResourcePagesProps } from '../resource/ResourcePages.tsx';
import { matchResourcePage } from '../resource/resource-routes.ts';
import { reportNavigationError, useBrowserLocation } from './navigation.ts';

/** Says "not found" to the shell from inside the page tree (a path under the route that is no page). */
export function ReportNotFound() {
  useEffect(() => reportNavigationError(404), []);
  return null;
}

/**
 * A record page of an id that does not exist (or another tenant's) is a 404 for the shell, not
 * an error line inside the frame: the record is read once more, quietly, just for its status.
 */
function useReportMissingRecord(contract: AnyResourceContract, id: string | undefined) {
  useEffect(() => {
    if (!id) return;
    let current = true;
    api
      .get(`${contract.apiPath}/${encodeURIComponent(id)}`, { ignoreError: true })
      .catch((error: unknown) => {
        if (current && error instanceof ApiError && error.status === 404) reportNavigationError(404);
      });
    return () => {
      current = false;
    };
  }, [contract, id]);
}

/** The kit's options a page may add (a field's own input, a value's own view). */
export type ModulePageOptions = Pick<ResourcePagesProps, 'list' | 'form' | 'detail'>;

/**
 * Every page of one contract (list, create, detail, update) in a module micro-app, at the
 * browser's path: the kit's generic pages, with unknown paths and records reported to the shell.
 */
export function ModuleContractPages({
  contract,
  ...options
}: { contract: AnyResourceContract } & ModulePageOptions) {
  const { pathname } = useBrowserLocation();
  const match = matchResourcePage(contract, pathname);
  useReportMissingRecord(contract, match?.id);
  return <ResourcePages contract={contract} pathname={pathname} notFound={<ReportNotFound />} {...options} />;
}
