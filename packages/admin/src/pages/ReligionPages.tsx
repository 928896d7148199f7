import { religionContract } from '@hcm/contracts/categories';
import { ContractPages } from '../ContractPages.tsx';

/** The religions: list, create, detail and update, all from the contract. */
export default function ReligionPages() {
  return <ContractPages contract={religionContract} />;
}
