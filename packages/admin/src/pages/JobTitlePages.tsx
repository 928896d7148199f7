import { jobTitleContract } from '@hcm/contracts/categories';
import { ContractPages } from '../ContractPages.tsx';

/** The job titles: list, create, detail and update, all from the contract. */
export default function JobTitlePages() {
  return <ContractPages contract={jobTitleContract} />;
}
