import seeded from '../../../../../seed-data/om/region-wages.json' with { type: 'json' };
import type { Region, RegionWage } from './types.ts';

/**
 * The region minimum wages (LTT_VUNG) as dated data. Declared once, in the region wage category's
 * seed file (seed-data/om/region-wages.json, what every new tenant gets): Decree 74/2024/NĐ-CP from
 * 2024-07-01 and Decree 293/2025/NĐ-CP from 2026-01-01. Read here so that the reference functions,
 * the tests and migration 0072's check use the very rows a tenant is given.
 */
export const STATUTORY_REGION_WAGES: readonly RegionWage[] = seeded.map((row) => ({
  region: row.region as Region,
  amount: Number(row.amount),
  effectiveFrom: row.effectiveDate,
  note: row.note,
}));
