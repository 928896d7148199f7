import { expect } from '@open-wc/testing';
import { screen } from '@testing-library/react';
import { setLanguage } from '@hcm/i18n';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const cases = [
  ['ACTIVE', 'Đang hoạt động', 'success'],
  ['INACTIVE', 'Ngừng hoạt động', 'danger'],
  ['NEW', 'Mới tạo', 'neutral'],
  ['WAIT_APPROVE', 'Chờ phê duyệt', 'warning'],
  ['IN_APPROVE', 'Đang phê duyệt', 'info'],
  ['APPROVED', 'Đã phê duyệt', 'success'],
  ['REJECTED', 'Từ chối', 'danger'],
  ['CANCELED', 'Đã hủy', 'danger'],
] as const;

describe('status badges', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('name each status in Vietnamese, in its colour', async () => {
    renderUi(
      <>
        {cases.map(([status]) => (
          <StatusBadge key={status} status={status} />
        ))}
      </>,
    );
    const colours = new Map<string, string>();
    for (const [, text, tone] of cases) {
      const badge = await screen.findByText(text);
      expect(badge.dataset.tone, text).to.equal(tone);
      const colour = getComputedStyle(badge).color;
      if (colours.has(tone)) expect(colour, text).to.equal(colours.get(tone));
      colours.set(tone, colour);
    }
    // success, danger, warning, info and neutral all look different
    expect(new Set(colours.values()).size).to.equal(5);
  });

  it('speaks English too, and shows an unknown status as it is', async () => {
    await setLanguage('en');
    renderUi(
      <>
        <StatusBadge status="WAIT_APPROVE" />
        <StatusBadge status="ARCHIVED" />
      </>,
    );
    await screen.findByText('Awaiting approval');
    expect(screen.getByText('ARCHIVED').dataset.tone).to.equal('neutral');
  });
});
