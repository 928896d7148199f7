import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { DateInput, type DateInputProps } from './DateInput.tsx';
import { FormField } from '../form/FormField.tsx';
import { Validators } from '../form/validators.ts';
import { formatDate } from '../format/date.ts';

function Harness(props: Partial<DateInputProps> & { initial?: Date | null }) {
  const [value, setValue] = useState<Date | null>(props.initial ?? null);
  const error = Validators.date()(value);
  return (
    <>
      <FormField label="Ngày ký" error={error}>
        <DateInput {...props} label="Ngày ký" value={value} onChange={setValue} />
      </FormField>
      <output aria-label="giá trị">{value ? formatDate(value, 'isoDate') || 'invalid' : 'null'}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Ngày ký') as HTMLInputElement;
const value = () => screen.getByRole('status', { name: 'giá trị' }).textContent;

describe('date input', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('reads dd/MM/yyyy when the field is left', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    expect(input().placeholder).to.equal('dd/mm/yyyy');
    await user.type(input(), '5/3/2024');
    await user.tab();
    expect(input().value).to.equal('05/03/2024');
    expect(value()).to.equal('2024-03-05');
  });

  it('reads 8 digits as ddMMyyyy and 7 digits as dMMyyyy, on Enter too', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await user.type(input(), '31122024{Enter}');
    expect(input().value).to.equal('31/12/2024');
    await user.clear(input());
    await user.type(input(), '1012024{Enter}');
    expect(input().value).to.equal('01/01/2024');
    expect(value()).to.equal('2024-01-01');
  });

  it('reports text that is not a date with the invalid-date message', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await user.type(input(), '31/02/2024');
    await user.tab();
    await screen.findByText('Ngày ký không phải là ngày hợp lệ (dd/MM/yyyy).');
    expect(input().value).to.equal('31/02/2024');
    expect(value()).to.equal('invalid');
  });

  it('refuses a date before the effective date with a warning naming the field', async () => {
    renderUi(<Harness initial={new Date(2024, 0, 15)} effectiveDate="2024-01-10" />);
    const user = userEvent.setup();
    await user.clear(input());
    await user.type(input(), '09/01/2024');
    await user.tab();
    await screen.findByText('Ngày ký không được trước ngày hiệu lực 10/01/2024.');
    expect(input().value).to.equal('15/01/2024');
    expect(value()).to.equal('2024-01-15');
  });

  it('refuses a date after the expiration date', async () => {
    renderUi(<Harness expirationDate={new Date(2024, 11, 31)} />);
    const user = userEvent.setup();
    await user.type(input(), '01012025');
    await user.tab();
    await screen.findByText('Ngày ký không được sau ngày hết hiệu lực 31/12/2024.');
    await waitFor(() => expect(input().value).to.equal(''));
    expect(value()).to.equal('null');
  });
});
