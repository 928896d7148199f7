import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Field, Input } from '@fluentui/react-components';
import { HcmProvider } from './HcmProvider.tsx';

function LabelledInput() {
  return (
    <Field label="Tên đăng nhập">
      <Input />
    </Field>
  );
}

describe('HcmProvider', () => {
  afterEach(cleanup);

  it('renders its children inside a Fluent provider with the theme variables', () => {
    const { container, getByLabelText } = render(
      <HcmProvider>
        <LabelledInput />
      </HcmProvider>,
    );
    const provider = container.firstElementChild;
    expect(provider?.classList.contains('fui-FluentProvider')).toBe(true);
    expect(getByLabelText('Tên đăng nhập').tagName).toBe('INPUT');
  });

  it('prefixes the ids Fluent generates, so two roots on one page never collide', () => {
    const { getByLabelText } = render(
      <>
        <HcmProvider idPrefix="shell-">
          <LabelledInput />
        </HcmProvider>
        <HcmProvider idPrefix="bell-">
          <Field label="Ghi chú">
            <Input />
          </Field>
        </HcmProvider>
      </>,
    );
    expect(getByLabelText('Tên đăng nhập').id).toMatch(/^shell-/);
    expect(getByLabelText('Ghi chú').id).toMatch(/^bell-/);
  });
});
