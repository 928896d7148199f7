import { describe, expect, it } from 'vitest';
import { contractsEndingLink, fill, probationsEndingLink, unitLink } from './card-links.ts';

const queryOf = (link: string) => JSON.parse(new URL(link, 'http://portal').searchParams.get('q') ?? '{}');

describe('dashboard card links', () => {
  it('carries a 30-day range to the contract list as its days, both ends included', () => {
    const link = contractsEndingLink({ today: '2026-12-20', horizon: '2027-01-19' });
    expect(link.startsWith('/om/contract?q=')).toBe(true);
    const days = queryOf(link).expiryDate as string[];
    expect(days).toHaveLength(31);
    expect([days[0], days[11], days.at(-1)]).toEqual(['2026-12-20', '2026-12-31', '2027-01-19']);
  });

  it('narrows the probations to the probation contract type, and a unit to those at work', () => {
    expect(queryOf(probationsEndingLink({ today: '2026-02-27', horizon: '2026-03-01' }, 't-9'))).toEqual({
      contractTypeId: 't-9',
      expiryDate: ['2026-02-27', '2026-02-28', '2026-03-01'],
    });
    expect(queryOf(unitLink('u-1'))).toEqual({ organizationUnitId: 'u-1', workingStatus: 'WORKING' });
  });

  it('fills the placeholders of a label', () => {
    expect(fill('{{years}} tuổi', { years: 36 })).toBe('36 tuổi');
    expect(fill('và {{count}} người khác {{x}}', { count: 2 })).toBe('và 2 người khác {{x}}');
  });
});
