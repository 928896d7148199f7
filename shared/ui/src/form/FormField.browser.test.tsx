import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, setLanguage } from '@hcm/i18n';
import { Button } from '@fluentui/react-components';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { FormField } from './FormField.tsx';
import { TextInput } from './TextInput.tsx';
import { useFormState } from './use-form-state.ts';
import { Validators, type FieldError } from './validators.ts';

interface EmployeeForm extends Record<string, unknown> {
  fullName: string;
  code: string;
  email: string;
}

function EmployeeEditor({
  onSave,
  invalidMessage,
}: {
  onSave: (values: Record<string, unknown>) => void;
  invalidMessage?: string;
}) {
  const form = useFormState<EmployeeForm>({
    initialValues: { fullName: '', code: '', email: '' },
    validators: {
      fullName: [Validators.required(), Validators.maxLength(10)],
      code: [Validators.required(), Validators.minLength(4)],
      email: [Validators.email()],
    },
  });
  const field = (name: 'fullName' | 'code' | 'email', label: string) => {
    const binding = form.field(name);
    return (
      <FormField label={label} error={binding.error} required={name !== 'email'}>
        <TextInput value={binding.value} onChange={binding.onChange} onBlur={binding.onBlur} />
      </FormField>
    );
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(onSave, { invalidMessage })}>
      {field('fullName', 'Họ và tên')}
      {field('code', 'Mã nhân viên')}
      {field('email', 'Email')}
      <Button type="submit">Lưu</Button>
    </form>
  );
}

function FixedError({ error }: { error: FieldError }) {
  return (
    <FormField label="Mã" error={error}>
      <input />
    </FormField>
  );
}

describe('form fields and the submit guard', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('shows no error before the field is touched, and the spec message after', async () => {
    renderUi(<EmployeeEditor onSave={() => undefined} />);
    const user = userEvent.setup();
    const name = screen.getByLabelText(/Họ và tên/);
    await user.click(name);
    expect(screen.queryByText('Họ và tên là bắt buộc.')).to.equal(null);
    await user.tab();
    await screen.findByText('Họ và tên là bắt buộc.');
    expect(name.getAttribute('aria-invalid')).to.equal('true');
  });

  it('shows length errors with the required and actual values as soon as the field changes', async () => {
    renderUi(<EmployeeEditor onSave={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Họ và tên/), 'Nguyễn Văn An');
    await screen.findByText('Họ và tên không được quá 10 ký tự (hiện có 13).');
    await user.type(screen.getByLabelText(/Mã nhân viên/), 'NV1');
    await screen.findByText('Mã nhân viên phải có ít nhất 4 ký tự (hiện có 3).');
    await user.type(screen.getByLabelText(/Email/), 'lan@');
    await screen.findByText('Email không phải là địa chỉ email hợp lệ.');
  });

  it('blocks an invalid submit: every field marked, a warning toast, nothing saved', async () => {
    const saved: unknown[] = [];
    renderUi(<EmployeeEditor onSave={(values) => saved.push(values)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText('Họ và tên là bắt buộc.');
    screen.getByText('Mã nhân viên là bắt buộc.');
    await screen.findByText('Biểu mẫu chưa hợp lệ. Vui lòng kiểm tra các trường được đánh dấu.');
    screen.getByText('Cảnh báo');
    expect(saved).to.have.length(0);
  });

  it('uses a custom message in the warning when given', async () => {
    renderUi(
      <EmployeeEditor onSave={() => undefined} invalidMessage="Vui lòng nhập đủ thông tin nhân viên" />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText('Vui lòng nhập đủ thông tin nhân viên');
  });

  it('submits the cleaned values of a valid form', async () => {
    const saved: unknown[] = [];
    renderUi(<EmployeeEditor onSave={(values) => saved.push(values)} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Họ và tên/), '--  Lê   Lan ');
    await user.type(screen.getByLabelText(/Mã nhân viên/), 'NV001');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(saved).to.have.length(1));
    expect(saved[0]).to.deep.equal({ fullName: 'Lê Lan', code: 'NV001' });
  });

  it('cleans a text field when the user leaves it', async () => {
    renderUi(<EmployeeEditor onSave={() => undefined} />);
    const user = userEvent.setup();
    const name = screen.getByLabelText(/Họ và tên/) as HTMLInputElement;
    await user.type(name, '  #Trần    Bình  ');
    await user.tab();
    expect(name.value).to.equal('Trần Bình');
  });

  it('keeps the leading characters of a formatted value (a link, a phone), only trimmed', async () => {
    function Formatted() {
      const form = useFormState<{ link: string }>({ initialValues: { link: '' } });
      const binding = form.field('link');
      return (
        <FormField label="Liên kết" error={binding.error}>
          <TextInput formatted value={binding.value} onChange={binding.onChange} onBlur={binding.onBlur} />
        </FormField>
      );
    }
    renderUi(<Formatted />);
    const user = userEvent.setup();
    const link = screen.getByLabelText(/Liên kết/) as HTMLInputElement;
    await user.type(link, ' /om/contacts ');
    await user.tab();
    expect(link.value).to.equal('/om/contacts');
  });

  it("shows '-' for an unknown key and 'errorMessage not found' for a missing message", async () => {
    const { rerender } = renderUi(<FixedError error={{ key: 'error.somethingElse' }} />);
    await screen.findByText('-');
    const store = i18n.store.data as Record<string, Record<string, { error: Record<string, string> }>>;
    const pattern = store.vi?.ui?.error.pattern ?? '';
    delete store.vi?.ui?.error.pattern;
    try {
      rerender(<FixedError error={{ key: 'error.pattern' }} />);
      await screen.findByText('errorMessage not found');
    } finally {
      if (store.vi?.ui) store.vi.ui.error.pattern = pattern;
    }
  });

  it('speaks English after a language switch', async () => {
    await setLanguage('en');
    renderUi(<EmployeeEditor onSave={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText('Họ và tên is required.');
    await screen.findByText('The form is not valid. Please check the highlighted fields.');
  });
});
