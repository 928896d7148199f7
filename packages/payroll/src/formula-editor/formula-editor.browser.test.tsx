import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { catalogueOf, type FormulaScope } from '@hcm/formula';
import { label } from '@hcm/contracts/resource';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { loadAppTexts, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { PAYROLL_I18N } from '../payroll-i18n.ts';
import type { EditedComponent } from './analysis.ts';
import { FormulaEditor } from './FormulaEditor.tsx';

const scope: FormulaScope = {
  catalogue: catalogueOf(
    [
      {
        code: 'LUONG_HOP_DONG',
        type: 'MONEY',
        label: label('pv.luongHopDong', 'Lương hợp đồng', "The contract's salary"),
      },
      {
        code: 'LUONG_DONG_BH',
        type: 'MONEY',
        label: label('pv.luongDongBh', 'Lương đóng bảo hiểm', 'Insured salary'),
      },
      { code: 'CONG_CHUAN', type: 'NUMBER', label: label('pv.congChuan', 'Công chuẩn', 'Standard days') },
      { code: 'VUNG', type: 'TEXT', label: label('pv.vung', 'Vùng', 'Region') },
    ],
    [
      {
        code: 'LTT_VUNG',
        kind: 'keyed',
        keyType: 'TEXT',
        columns: [{ code: 'LUONG_TOI_THIEU', type: 'MONEY' }],
        label: label('pv.lttVung', 'Lương tối thiểu vùng', 'Region minimum wage'),
      },
    ],
  ),
  components: [
    { code: 'LUONG_THANG', type: 'MONEY', formula: 'LUONG_HOP_DONG' },
    { code: 'PHU_CAP', type: 'MONEY', formula: 'LUONG_THANG * 10%' },
  ],
};

/** The editor as a form holds it: the text in state, read back through `seen`. */
function Harness({ component, initial = '' }: { component: EditedComponent; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FormulaEditor
        label="Công thức"
        value={value}
        onChange={setValue}
        scope={scope}
        component={component}
      />
      <output data-testid="seen">{value}</output>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: /Công thức/ }) as HTMLTextAreaElement;
const seen = () => screen.getByTestId('seen').textContent;
const describedBy = () =>
  (field().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('the formula editor', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(PAYROLL_I18N, 'payroll');
  });
  afterEach(resetUi);

  it('completes a name at the caret by keyboard: the list, arrows, Enter, Tab, Escape', async () => {
    const user = userEvent.setup();
    renderUi(<Harness component={{ code: 'THUC_LINH', type: 'MONEY' }} />);
    await user.click(field());
    await user.keyboard('luong_');
    const list = await screen.findByRole('listbox', { name: /Gợi ý/ });
    expect(field().getAttribute('aria-expanded')).to.equal('true');
    const options = within(list).getAllByRole('option');
    // the template's components first, then the catalogue's variables: each with its label, kind and type
    expect(options.map((option) => option.textContent)).to.deep.equal([
      'LUONG_THANG, Thành phần · Tiền',
      'LUONG_HOP_DONG, Lương hợp đồng, Biến · Tiền',
      'LUONG_DONG_BH, Lương đóng bảo hiểm, Biến · Tiền',
    ]);
    expect(field().getAttribute('aria-activedescendant')).to.equal(options[0]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field().getAttribute('aria-activedescendant')).to.equal(options[2]?.id);
    expect(options[2]?.getAttribute('aria-selected')).to.equal('true');
    expect(options[0]?.getAttribute('aria-selected')).to.equal('false');
    await user.keyboard('{Enter}');
    expect(seen()).to.equal('LUONG_DONG_BH');
    expect(field().getAttribute('aria-expanded')).to.equal('false');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).to.equal(true);

    // Tab takes a function and opens its parentheses; its signature then says the argument
    await user.keyboard(' * rou');
    await screen.findByRole('option', { name: /^ROUND\s*,\s*ROUND\(số, số_chữ_số\)\s*,\s*Hàm$/ });
    await user.keyboard('{ArrowDown}{ArrowUp}{Tab}');
    expect(seen()).to.equal('LUONG_DONG_BH * ROUND(');
    expect(document.activeElement).to.equal(field());
    expect(describedBy()).to.contain('ROUND(số, số_chữ_số) — Làm tròn, nửa xa số 0 (như Excel)');

    // Escape closes the list and leaves the text as typed
    await user.keyboard('cong');
    await screen.findByRole('option', { name: /^CONG_CHUAN\s*,\s*Công chuẩn\s*,\s*Biến · Số$/ });
    await user.keyboard('{Escape}');
    expect(field().getAttribute('aria-expanded')).to.equal('false');
    expect(seen()).to.equal('LUONG_DONG_BH * ROUND(cong');
    // Ctrl+Space asks again
    await user.keyboard('{Control>} {/Control}');
    await screen.findByRole('option', { name: /^CONG_CHUAN\s*,\s*Công chuẩn\s*,\s*Biến · Số$/ });
    await user.keyboard('{Enter}, 0)');
    expect(seen()).to.equal('LUONG_DONG_BH * ROUND(CONG_CHUAN, 0)');
    expect(field().getAttribute('aria-invalid')).to.equal(null);
  });

  it('offers only tables as LOOKUP’s first argument', async () => {
    const user = userEvent.setup();
    renderUi(<Harness component={{ code: 'LTT', type: 'MONEY' }} />);
    await user.click(field());
    await user.keyboard('LOOKUP({Control>} {/Control}');
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).to.deep.equal(['LTT_VUNG, Lương tối thiểu vùng, Bảng tra cứu']);
  });

  it('says an unknown variable as it is typed, marks it, and the message goes when it is fixed', async () => {
    const user = userEvent.setup();
    renderUi(<Harness component={{ code: 'THUC_LINH', type: 'MONEY' }} />);
    await user.click(field());
    await user.keyboard('LUONG_THANG + PHU_CAP_X');
    const message = 'Không có biến “PHU_CAP_X” trong danh mục biến (ở cột 15)';
    await screen.findByText(message);
    expect(field().getAttribute('aria-invalid')).to.equal('true');
    // the message is the field's description, and its place in the formula is marked
    expect(describedBy()).to.contain(message);
    expect(document.querySelector('mark')?.textContent).to.equal('PHU_CAP_X');
    // "go to the error" selects it in the field
    await user.click(screen.getByRole('button', { name: 'Đến chỗ lỗi' }));
    expect(document.activeElement).to.equal(field());
    expect([field().selectionStart, field().selectionEnd]).to.deep.equal([14, 23]);
    // fixed: PHU_CAP_X → PHU_CAP
    await user.keyboard('PHU_CAP');
    await waitFor(() => expect(screen.queryByText(/Không có biến/)).to.equal(null));
    expect(seen()).to.equal('LUONG_THANG + PHU_CAP');
    expect(field().getAttribute('aria-invalid')).to.equal(null);
    expect(document.querySelector('mark')).to.equal(null);
  });

  it('shows the cycle the formula closes, naming it, until it is undone', async () => {
    const user = userEvent.setup();
    // PHU_CAP reads LUONG_THANG: LUONG_THANG reading PHU_CAP closes the circle
    renderUi(<Harness component={{ code: 'LUONG_THANG', type: 'MONEY' }} initial="LUONG_HOP_DONG" />);
    await user.click(field());
    await user.keyboard('{Control>}a{/Control}PHU_CAP * 2');
    await screen.findByText(
      /^(LUONG_THANG|PHU_CAP): Các thành phần tham chiếu vòng tròn: (LUONG_THANG → PHU_CAP → LUONG_THANG|PHU_CAP → LUONG_THANG → PHU_CAP)$/,
    );
    await user.keyboard('{Control>}a{/Control}CONG_CHUAN * 2');
    await waitFor(() => expect(screen.queryByText(/vòng tròn/)).to.equal(null));
  });

  it('marks where a formula stops being one, and the fix clears it', async () => {
    const user = userEvent.setup();
    renderUi(<Harness component={{ code: 'THUC_LINH', type: 'MONEY' }} />);
    await user.click(field());
    await user.keyboard('ROUND(LUONG_HOP_DONG,');
    await screen.findByText(/^Cần .* ở cột 22, gặp hết công thức$/);
    await user.keyboard(' 0)');
    await waitFor(() => expect(field().getAttribute('aria-invalid')).to.equal(null));
    expect(screen.queryByText(/^Cần/)).to.equal(null);
  });

  it('is accessible with its list open and an error shown, on a desktop and on a 390 px phone', async () => {
    const user = userEvent.setup();
    renderUi(<Harness component={{ code: 'THUC_LINH', type: 'MONEY' }} />);
    await user.click(field());
    await user.keyboard('VUNG + 1 + luong');
    await screen.findByRole('listbox');
    // every error of the formula at once, each with its place
    await screen.findByText('Cần một số ở cột 1, nhưng đây là văn bản');
    screen.getByText('Không có biến “luong” trong danh mục biến (ở cột 12)');
    expect(document.querySelectorAll('mark').length).to.equal(2);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    const bodyWidth = document.body.style.width;
    document.body.style.width = '390px';
    try {
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const parts = [field(), screen.getByRole('listbox'), ...screen.getAllByRole('option')];
      expect(
        parts.filter((part) => part.getBoundingClientRect().right > edge).map((p) => p.id),
      ).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    } finally {
      document.body.style.width = bodyWidth;
    }
  });
});
