import { tenantContract } from '@hcm/contracts/system';
import { ContractPages } from '../ContractPages.tsx';

/** The tenants: list, create, detail and update from the contract. */
export default function TenantPages() {
  return <ContractPages contract={tenantContract} />;
}
