import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { FormField } from '../form/FormField.tsx';
import { accessibilityViolations } from '../testing/axe.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { MonthInput } from './MonthInput.tsx';

function Harness() {
  const [month, setMonth] = useState('2026-03');
  return (
    <>
      <FormField label="Kỳ chấm công">
        <MonthInput label="Kỳ chấm công" value={month} onChange={setMonth} />
      </FormField>
      <output aria-label="giá trị">{month}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Kỳ chấm công' }) as HTMLInputElement;
const value = () => screen.getByRole('status', { name: 'giá trị' }).textContent;

describe('month input', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('shows the month as MM/yyyy in Vietnamese and steps it with its buttons', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await waitFor(() => expect(input().value).to.equal('03/2026'));
    await user.click(await screen.findByRole('button', { name: 'Tháng trước' }));
    expect(input().value).to.equal('02/2026');
    await user.click(screen.getByRole('button', { name: 'Tháng sau' }));
    await user.click(screen.getByRole('button', { name: 'Tháng sau' }));
    expect(value()).to.equal('2026-04');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('reads what HR types when the field is left, and PageDown steps forward', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await user.clear(input());
    await user.type(input(), '122025');
    expect(value(), 'not read before the field is left').to.equal('2026-03');
    await user.tab();
    expect(value()).to.equal('2025-12');
    expect(input().value).to.equal('12/2025');
    input().focus();
    await user.keyboard('{PageDown}');
    expect(value()).to.equal('2026-01');
  });

  it('brings the last month back and warns when the text is not a month', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await user.clear(input());
    await user.type(input(), '13/2026{Enter}');
    await screen.findByText('Kỳ chấm công: nhập tháng dạng mm/yyyy, ví dụ 03/2026.');
    expect(value()).to.equal('2026-03');
    expect(input().value).to.equal('03/2026');
  });
});
