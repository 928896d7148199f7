import { categoryContracts } from '@hcm/contracts/categories';
import { ContractPages } from '../ContractPages.tsx';
import { routeOf } from '../admin-pages.ts';
import { useAdminLocation } from '../use-admin-location.ts';

/** Every Admin category: list, create, detail and update of the contract whose route is open. */
export default function CategoryPages() {
  const { pathname } = useAdminLocation();
  const route = routeOf(pathname);
  const contract = categoryContracts.find((candidate) => candidate.route === route);
  // The router mounts this chunk only on a category's route (admin-pages.test.ts).
  return contract ? <ContractPages contract={contract} /> : null;
}
