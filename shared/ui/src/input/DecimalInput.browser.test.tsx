import { expect } from '@open-wc/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { DecimalInput, type DecimalInputProps } from './DecimalInput.tsx';

function Harness(props: Partial<DecimalInputProps> & { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <>
      <Field label="Lương cơ bản">
        <DecimalInput {...props} value={value} onChange={setValue} />
      </Field>
      <output aria-label="giá trị">{value === null ? 'null' : value}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Lương cơ bản') as HTMLInputElement;
const value = () => screen.getByRole('status', { name: 'giá trị' }).textContent;

describe('decimal input', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('adds thousands dots as you type and takes the comma as decimal separator, 2 decimals', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await user.type(input(), '1234567,899');
    expect(input().value).to.equal('1.234.567,89');
    expect(value()).to.equal('1234567.89');
  });

  it('takes the configured decimals', async () => {
    renderUi(<Harness decimals={3} />);
    await userEvent.setup().type(input(), '2,34567');
    expect(input().value).to.equal('2,345');
    expect(value()).to.equal('2.345');
  });

  it('refuses a minus unless negatives are enabled', async () => {
    renderUi(<Harness />);
    await userEvent.setup().type(input(), '-15');
    expect(input().value).to.equal('15');
  });

  it('keeps a minus when negatives are enabled', async () => {
    renderUi(<Harness allowNegative />);
    await userEvent.setup().type(input(), '-1500,5');
    expect(input().value).to.equal('-1.500,5');
    expect(value()).to.equal('-1500.5');
  });

  it('cleans pasted text and removes leading zeros', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await user.click(input());
    await user.paste('Tổng: 0012.500.000,75 đ');
    expect(input().value).to.equal('12.500.000,75');
    expect(value()).to.equal('12500000.75');
  });

  it('refuses to go past 999999999999999', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await user.type(input(), '9999999999999999');
    expect(input().value).to.equal('999.999.999.999.999');
    expect(value()).to.equal('999999999999999');
  });

  it('keeps the caret in place when dots are inserted', async () => {
    renderUi(<Harness initial="1234" />);
    const user = userEvent.setup();
    expect(input().value).to.equal('1.234');
    await user.click(input());
    input().setSelectionRange(1, 1);
    await user.keyboard('9');
    expect(input().value).to.equal('19.234');
    expect(input().selectionStart).to.equal(2);
  });

  it('gives null when emptied, or the configured default when left empty', async () => {
    renderUi(<Harness initial="5" />);
    const user = userEvent.setup();
    await user.clear(input());
    expect(value()).to.equal('null');
    await resetUi();
    await prepareUi();
    renderUi(<Harness initial="5" emptyValue="0" />);
    await user.clear(input());
    fireEvent.blur(input());
    await waitFor(() => expect(value()).to.equal('0'));
    expect(input().value).to.equal('0');
  });
});
