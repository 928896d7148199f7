import { describe, expect, it } from 'vitest';
import {
  contractsEndingLink,
  fill,
  joinersLink,
  leaversLink,
  probationsEndingLink,
  unitLink,
} from './card-links.ts';

const queryOf = (link: string) => JSON.parse(new URL(link, 'http://portal').searchParams.get('q') ?? '{}');

describe('dashboard card links', () => {
  it('carries a range to its list as its two bounds, both ends included, with what the number counts', () => {
    const link = contractsEndingLink({ today: '2026-12-20', horizon: '2027-01-19' });
    expect(link.startsWith('/om/contract?q=')).toBe(true);
    // only the contracts awaiting renewal, as the expiry notices count them
    expect(queryOf(link)).toEqual({
      renewalDue: 'true',
      expiryDateFrom: '2026-12-20',
      expiryDateTo: '2027-01-19',
    });
    expect(queryOf(joinersLink({ monthStart: '2026-12-01', monthEnd: '2026-12-31' }))).toEqual({
      joinedDateFrom: '2026-12-01',
      joinedDateTo: '2026-12-31',
    });
    const leavers = leaversLink({ monthStart: '2026-12-01', monthEnd: '2026-12-31' });
    expect(leavers.startsWith('/om/quit-job?q=')).toBe(true);
    expect(queryOf(leavers)).toEqual({
      approvalStatus: 'APPROVED',
      effectiveDateFrom: '2026-12-01',
      effectiveDateTo: '2026-12-31',
    });
  });

  it('narrows the probations to the probation contract type, and a unit to those at work', () => {
    expect(queryOf(probationsEndingLink({ today: '2026-02-27', horizon: '2026-03-01' }, 't-9'))).toEqual({
      contractTypeId: 't-9',
      renewalDue: 'true',
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
