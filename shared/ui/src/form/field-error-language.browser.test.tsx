import { expect } from '@open-wc/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@hcm/i18n';
import { FieldLimits, Patterns, type FieldError as ServerFieldError } from '@hcm/contracts';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { FormField } from './FormField.tsx';
import { TextInput } from './TextInput.tsx';
import { useFormState } from './use-form-state.ts';
import { serverFieldErrors, Validators, type FieldError } from './validators.ts';

/*
 * Issue 27: messages in the user's language. A field error is a key and its values, from the
 * form's own validators or from the server's answer alike; the page writes it in the current
 * language: a pattern's allowed format with an example, a length's required and actual values.
 */

/** The server's answer to a contact with a bad phone and a name too long, as http/validation.ts writes it. */
const SERVER_ERRORS: ServerFieldError[] = [
  {
    field: 'phone',
    code: 'error.pattern',
    message: 'must be a phone, e.g. 0243 825 6789',
    params: { format: 'phone', example: '0243 825 6789' },
  },
  {
    field: 'name',
    code: 'error.maxlength',
    message: 'must not have more than 200 characters (now 205)',
    params: { required: 200, actual: 205 },
  },
  {
    field: 'slaAmount',
    code: 'error.max',
    message: 'must be at most 720 hours (30 days), not 800',
    params: { required: 720, actual: 800, unit: 'HOURS' },
  },
];

interface Contact extends Record<string, unknown> {
  name: string;
  phone: string;
  slaAmount: string;
}

function ContactForm({ server }: { server?: Record<string, FieldError> }) {
  const form = useFormState<Contact>({
    initialValues: { name: '', phone: '', slaAmount: '' },
    validators: {
      name: [Validators.maxLength(FieldLimits.name)],
      phone: [Validators.pattern(Patterns.phone)],
    },
  });
  const field = (name: keyof Contact & string, label: string) => {
    const binding = form.field(name);
    return (
      <FormField label={label} error={server?.[name] ?? binding.error}>
        <TextInput value={binding.value as string} onChange={binding.onChange} onBlur={binding.onBlur} />
      </FormField>
    );
  };
  return (
    <form aria-label="Liên hệ" noValidate>
      {field('name', 'Tên')}
      {field('phone', 'Điện thoại')}
      {field('slaAmount', 'Thời hạn xử lý')}
    </form>
  );
}

describe('field errors in the user’s language, with the format and the values they carry', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('says which phone format is allowed, with an example, in Vietnamese then English', async () => {
    const user = userEvent.setup();
    renderUi(<ContactForm />);
    const phone = screen.getByLabelText('Điện thoại');
    // as people write landlines: spaces, dots, +84 are accepted
    for (const written of ['0243 825 6789', '024.3825.6789', '+84 24 3825 6789']) {
      await user.clear(phone);
      await user.type(phone, written);
      await user.tab();
      expect(phone.getAttribute('aria-invalid'), written).to.not.equal('true');
    }
    await user.clear(phone);
    await user.type(phone, '0243 825 6789 máy lẻ 12');
    await user.tab();
    await screen.findByText(
      'Điện thoại không đúng định dạng: chữ số, có thể bắt đầu bằng + (như +84) và có dấu cách, dấu chấm, gạch ngang hoặc ngoặc đơn giữa các nhóm số. Ví dụ: 0243 825 6789.',
    );
    await setLanguage('en');
    await screen.findByText(
      'Điện thoại is not in the expected format: digits, optionally starting with + (as in +84), with spaces, dots, dashes or parentheses between groups. For example: 0243 825 6789.',
    );
  });

  it('writes the server’s field errors from their keys and values, never its English words', async () => {
    renderUi(<ContactForm server={serverFieldErrors(SERVER_ERRORS)} />);
    await screen.findByText('Tên không được quá 200 ký tự (hiện có 205).');
    screen.getByText(/^Điện thoại không đúng định dạng: .*Ví dụ: 0243 825 6789\.$/);
    screen.getByText('Thời hạn xử lý không được quá 720 giờ (hiện là 800).');
    expect(screen.queryByText(/must/)).to.equal(null);
    expect(await accessibilityViolations(screen.getByRole('form'))).to.deep.equal([]);

    await setLanguage('en');
    await screen.findByText('Tên must have at most 200 characters (now 205).');
    screen.getByText(/^Điện thoại is not in the expected format: .*For example: 0243 825 6789\.$/);
    screen.getByText('Thời hạn xử lý must be at most 720 hours (now 800).');
    expect(await accessibilityViolations(screen.getByRole('form'))).to.deep.equal([]);
  });

  it('shows no code when the dictionary has no words for a format or a unit', async () => {
    renderUi(
      <ContactForm
        server={serverFieldErrors([
          { field: 'phone', code: 'error.pattern', params: { format: 'UNHEARD_OF', example: '1' } },
          { field: 'slaAmount', code: 'error.max', params: { required: 5, actual: 6, unit: 'FORTNIGHTS' } },
        ])}
      />,
    );
    await screen.findByText('Điện thoại không đúng định dạng.');
    screen.getByText('Thời hạn xử lý phải nhỏ hơn hoặc bằng 5 (hiện là 6).');
    expect(screen.queryByText(/UNHEARD_OF|FORTNIGHTS/)).to.equal(null);
  });
});
