import { ethnicityContract } from '@hcm/contracts/categories';
import { ContractPages } from '../ContractPages.tsx';

/** The ethnicities: list, create, detail and update, all from the contract. */
export default function EthnicityPages() {
  return <ContractPages contract={ethnicityContract} />;
}
