import { ContractPages } from '../ContractPages.tsx';
import { DRAWN_CONTRACTS } from '../drawn-contracts.ts';
import { routeOf } from '../admin-pages.ts';
import { useAdminLocation } from '../use-admin-location.ts';

/** Every drawn contract (categories, settings): list, create, detail and update of the one whose route is open. */
export default function CategoryPages() {
  const { pathname } = useAdminLocation();
  const route = routeOf(pathname);
  const contract = DRAWN_CONTRACTS.find((candidate) => candidate.route === route);
  // The router mounts this chunk only on a category's route (admin-pages.test.ts).
  return contract ? <ContractPages contract={contract} /> : null;
}
