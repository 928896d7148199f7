import { ModuleContractPages, ReportNotFound, matchResourcePage, useBrowserLocation } from '@hcm/ui';
import { PAYROLL_RESOURCES } from '../resources.ts';

/**
 * The list, create, detail and update pages of the record whose route the path is (resources.ts),
 * through the kit's generic pages; a path that is no page of any of them is reported as not found.
 */
export default function ResourcePages() {
  const { pathname } = useBrowserLocation();
  const resource = PAYROLL_RESOURCES.find(({ contract }) => matchResourcePage(contract, pathname));
  if (!resource) return <ReportNotFound />;
  return <ModuleContractPages contract={resource.contract} {...resource.pages} />;
}
