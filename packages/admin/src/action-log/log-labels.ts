import { systemContracts } from '@hcm/contracts/system';
import { DRAWN_CONTRACTS } from '../drawn-contracts.ts';
import { CommonLabels, isAuditColumn, type AnyResourceContract, type Label } from '@hcm/contracts/resource';

/** The records the log names by their permission resource ('job_title'): their contracts. */
const KNOWN: readonly AnyResourceContract[] = [...DRAWN_CONTRACTS, ...systemContracts];
const contractOf = (resource: string) => KNOWN.find((contract) => contract.permission === resource);

const textOf = (label: Label, language: string) => (language.startsWith('en') ? label.en : label.vi);

/** What an HR user calls the resource ("Chức danh"), or its code when no contract names it. */
export function resourceName(resource: string, language: string): string {
  const contract = contractOf(resource);
  return contract ? textOf(contract.title, language) : resource;
}

/** A changed field by its label ("Tên"), or its own name when the contract does not know it. */
export function fieldName(resource: string, field: string, language: string): string {
  const label =
    contractOf(resource)?.fields[field]?.label ?? (isAuditColumn(field) ? CommonLabels[field] : null);
  return label ? textOf(label, language) : field;
}

/** An enum value by its label (ACTIVE → "Đang hoạt động"), any other value as it is. */
export function valueName(resource: string, field: string, value: unknown, language: string): unknown {
  const contractField = contractOf(resource)?.fields[field];
  if (contractField?.kind === 'enum' && typeof value === 'string') {
    const label = (contractField.valueLabels as Record<string, Label | undefined>)[value];
    if (label) return textOf(label, language);
  }
  return value;
}
