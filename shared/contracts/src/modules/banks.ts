import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type TextField } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/** The longest short name of a bank (catalogues §5.1: "bank short name: 4 to 36"). */
export const BANK_SHORT_NAME_MAX = 36;

/**
 * A bank's code: its short code in the interbank (NAPAS / VietQR) directory, e.g. VCB, BIDV, MB.
 * Those codes are 2 to 10 letters, so the category code's minimum of 4 (catalogues §5.1) would
 * refuse the banks' own codes; the characters allowed stay those of a code.
 */
export const BANK_CODE_PATTERN = describedPattern('^[A-Za-z0-9_.]{2,50}$', 'bankCode', 'VCB');

const bankCode: TextField<true> = {
  ...f.code({ label: label('category.bank.code', 'Mã ngân hàng', 'Bank code') }),
  minLength: 2,
  pattern: BANK_CODE_PATTERN,
  example: (n: number) => `BANK${String(n).padStart(3, '0')}`,
};

/**
 * Admin › Bank (catalogues §2.1): the banks employees are paid into. A category with a short
 * name beside the full name, sorted by name (catalogues §7.1: "banks by name ascending").
 */
export const bankContract = defineContract({
  service: 'om',
  path: 'banks',
  route: '/setting/bank',
  permission: 'bank',
  level: 'tenant',
  title: ResourceTitles.bank,
  singular: label('category.bank.singular', 'Ngân hàng', 'Bank'),
  fields: {
    code: bankCode,
    name: f.text({
      label: label('category.bank.name', 'Tên ngân hàng', 'Bank name'),
      maxLength: FieldLimits.name,
      required: true,
      example: (n: number) => `Ngân hàng TMCP Thử nghiệm ${n}`,
    }),
    shortName: f.text({
      label: label('category.bank.shortName', 'Tên viết tắt', 'Short name'),
      maxLength: BANK_SHORT_NAME_MAX,
      minLength: 2,
      required: true,
      example: (n: number) => `Bank ${n}`,
    }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    priority: f.integer({ label: CommonLabels.priority }),
    status: f.status(),
  },
  columns: ['code', 'shortName', 'name', 'priority', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name', 'shortName'],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'shortName', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'shortName', 'name', 'priority', 'description'] },
  ],
  exportColumns: [
    'code',
    'shortName',
    'name',
    'description',
    'priority',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'shortName', 'name', 'description', 'priority'],
});
export type BankRecord = RecordOf<typeof bankContract>;

/** Banks (name, short name, code; sorted by name). */
export const bankContracts = [bankContract] as const;
