import { describe, expect, it } from 'vitest';
import { contractsEndingLink, fill, joinersLink, probationsEndingLink, unitLink } from './card-links.ts';

const queryOf = (link: string) => JSON.parse(new URL(link, 'http://portal').searchParams.get('q') ?? '{}');

describe('dashboard card links', () => {
  it('carries a 30-day range to the contract list as its two bounds, both ends included', () => {
    const link = contractsEndingLink({ today: '2026-12-20', horizon: '2027-01-19' });
    expect(link.startsWith('/om/contract?q=')).toBe(true);
    expect(queryOf(link)).toEqual({ expiryDateFrom: '2026-12-20', expiryDateTo: '2027-01-19' });
    expect(queryOf(joinersLink({ monthStart: '2026-12-01', monthEnd: '2026-12-31' }))).toEqual({
      joinedDateFrom: '2026-12-01',
      joinedDateTo: '2026-12-31',
    });
  });

  it('narrows the probations to the probation contract type, and a unit to those at work', () => {
    expect(queryOf(probationsEndingLink({ today: '2026-02-27', horizon: '2026-03-01' }, 't-9'))).toEqual({
      contractTypeId: 't-9',
      expiryDateFrom: '2026-02-27',
      expiryDateTo: '2026-03-01',
    });
    expect(queryOf(unitLink('u-1'))).toEqual({ organizationUnitId: 'u-1', workingStatus: 'WORKING' });
  });

  it('fills the placeholders of a label', () => {
    expect(fill('{{years}} tuổi', { years: 36 })).toBe('36 tuổi');
    expect(fill('và {{count}} người khác {{x}}', { count: 2 })).toBe('và 2 người khác {{x}}');
  });
});
