import { ContractPages } from '../ContractPages.tsx';
import { DRAWN_CONTRACTS } from '../drawn-contracts.ts';
import { routeOf } from '../admin-pages.ts';
import { useAdminLocation } from '../use-admin-location.ts';

/** Every drawn contract (categories, settings): list, create, detail and update of the one whose route is open. */
export default function CategoryPages() {
  const { pathname } = useAdminLocation();
  const route = routeOf(pathname);
  const contract = DRAWN_CONTRACTS.find((candidate) => candidate.route === route);
  // The router mounts this chunk only on a category's route (admin-pages.test.ts). Keyed by the
  // route: moving from one list to another starts the next with its own query and sort, not
  // with the last one's (whose sortBy the next API would refuse).
  return contract ? <ContractPages key={contract.route} contract={contract} /> : null;
}
