import { categoryContracts } from '@hcm/contracts/categories';
import { useState } from 'react';
import { ContractPages } from '../ContractPages.tsx';
import { GenerateYearControl } from './GenerateYearControl.tsx';

/**
 * Timekeeping › Holidays: the tenant's yearly calendar (docs/timekeeping-calendar.md), the kit's
 * generic pages of the holiday contract with one control of its own on the list: the statutory
 * days of a year, computed by the server. A generation reads the list again (a new key).
 */
const holidayContract = categoryContracts.find((contract) => contract.permission === 'holiday');

export default function HolidayPages() {
  const [generated, setGenerated] = useState(0);
  if (!holidayContract) return null;
  return (
    <ContractPages
      key={generated}
      contract={holidayContract}
      list={{ toolbar: <GenerateYearControl onGenerated={() => setGenerated((n) => n + 1)} /> }}
    />
  );
}
