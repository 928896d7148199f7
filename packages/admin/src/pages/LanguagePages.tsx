import { languageContract } from '@hcm/contracts/system';
import { ContractPages } from '../ContractPages.tsx';

/** The languages (message texts): list, create, detail and update, all from the contract. */
export default function LanguagePages() {
  return <ContractPages contract={languageContract} />;
}
