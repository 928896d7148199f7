import { servicePackContract } from '@hcm/contracts/system';
import { ContractPages } from '../ContractPages.tsx';

/** The service packs: list, create, detail and update, all from the contract. */
export default function ServicePackPages() {
  return <ContractPages contract={servicePackContract} />;
}
