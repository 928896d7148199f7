import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { healthyIam, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import '../index.ts';
import { addElement, nextEvent, prepareWidgets, resetWidgets } from '../testing/widgets-fixture.ts';
import {
  TEMPLATE_EDITORS,
  listedTemplate,
  serveTemplates,
  templateRecord,
} from '../testing/template-fixture.ts';
import type { TemplatePickerResult } from './DocumentTemplatePicker.tsx';
import { allOf } from '../../../../scripts/testing/all-of.ts';

const LONG_NOTE =
  'Dùng cho hợp đồng lao động chính thức của nhân viên khối văn phòng tại Hà Nội và Thành phố Hồ Chí Minh';
const contract = templateRecord(1, { name: 'Hợp đồng lao động chính thức', note: LONG_NOTE });
const reward = templateRecord(2, {
  name: 'Quyết định khen thưởng',
  type: 'REWARD',
  fileExtension: 'xlsx',
  lastModifiedBy: TEMPLATE_EDITORS.accountant.id,
  lastModifiedAt: '2025-12-31T12:00:00Z',
});
const annex = templateRecord(3, { name: 'Phụ lục điều chỉnh lương', type: 'ANNEX_CONTRACT' });
const rows = [contract, reward, annex];

/** The table's body rows (the header row left out). */
const bodyRows = (dialog: HTMLElement) => within(dialog).getAllByRole('row').slice(1);
const rowOf = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name)) as HTMLElement;
const boxOf = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name: `Chọn ${name}` }) as HTMLInputElement;
const selectButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Chọn' }) as HTMLButtonElement;

async function openPicker(attributes: string) {
  const element = await addElement(
    `<hcm-document-template-picker ${attributes}></hcm-document-template-picker>`,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Mẫu tài liệu' });
  await within(dialog).findByText('Quyết định khen thưởng');
  return { element, dialog };
}

describe('<hcm-document-template-picker> in the portal (light DOM)', () => {
  let api: FakeApi;
  let queries: URLSearchParams[];

  beforeEach(async () => {
    api = healthyIam();
    await prepareWidgets(api);
    queries = serveTemplates(api, rows);
  });
  afterEach(() => resetWidgets());

  it('lists the ACTIVE templates, page 1 of 25, with their columns, dates as dd/MM/yyyy and long texts cut', async () => {
    const { dialog } = await openPicker('open multiple');
    expect(queries).to.have.length(1);
    const first = queries[0] as URLSearchParams;
    expect(first.getAll('status')).to.deep.equal(['ACTIVE']);
    expect([first.get('pageIndex'), first.get('pageSize')]).to.deep.equal(['1', '25']);
    expect(first.has('keyword') || first.has('type')).to.equal(false);

    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).to.deep.equal([
      '',
      'Tên mẫu',
      'Loại mẫu',
      'Định dạng',
      'Người cập nhật',
      'Ngày cập nhật',
      'Ghi chú',
    ]);
    const cells = within(rowOf(dialog, 'Quyết định khen thưởng'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).to.deep.equal([
      'Quyết định khen thưởng',
      'Khen thưởng',
      'xlsx',
      // a name, never the user's id
      'Phạm Thu Hà',
      '31/12/2025',
      '',
    ]);
    expect(rowOf(dialog, 'Hợp đồng lao động chính thức').textContent).to.contain('05/03/2026');

    // the note is cut at 50 characters; its whole text is the tooltip of the cut one
    const cut = await within(dialog).findByText(/^Dùng cho hợp đồng lao động .*\.\.\.$/);
    expect(cut.textContent?.length).to.be.lessThan(LONG_NOTE.length);
    await userEvent.hover(cut);
    expect((await screen.findByRole('tooltip')).textContent).to.equal(LONG_NOTE);

    // the dialog is narrower than the table: it scrolls sideways, and takes the focus too
    const scroller = await within(dialog).findByRole('region', { name: /cuộn ngang/ });
    expect(scroller.scrollWidth).to.be.greaterThan(scroller.clientWidth);
    expect(scroller.tabIndex).to.equal(0);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('chooses several with row boxes and a select-all that shows mixed, and tells them in hcm-select', async () => {
    const { element, dialog } = await openPicker('open multiple');
    const all = within(dialog).getByRole('checkbox', {
      name: 'Chọn tất cả mẫu trên trang này',
    }) as HTMLInputElement;
    expect(selectButton(dialog).disabled).to.equal(true);

    await userEvent.click(boxOf(dialog, 'Phụ lục điều chỉnh lương'));
    expect(all.indeterminate).to.equal(true);
    expect(selectButton(dialog).disabled).to.equal(false);
    expect(within(dialog).getByRole('status').textContent).to.equal('Đã chọn 1 mẫu');

    await userEvent.click(all);
    expect([all.checked, all.indeterminate]).to.deep.equal([true, false]);
    expect(allOf(rows, (row) => boxOf(dialog, row.name).checked)).to.equal(true);
    await userEvent.click(all);
    expect([all.checked, all.indeterminate]).to.deep.equal([false, false]);
    expect(selectButton(dialog).disabled).to.equal(true);

    await userEvent.click(boxOf(dialog, 'Quyết định khen thưởng'));
    await userEvent.click(boxOf(dialog, 'Hợp đồng lao động chính thức'));
    const selected = nextEvent<TemplatePickerResult>('hcm-select');
    await userEvent.click(selectButton(dialog));
    const event = await selected;
    expect(event.detail).to.deep.equal({ success: true, items: [reward, contract].map(listedTemplate) });
    expect(event.bubbles && event.composed).to.equal(true);
    expect(element.hasAttribute('open')).to.equal(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('chooses one: a click selects a row, a double click confirms it', async () => {
    await openPicker('open');
    const dialog = screen.getByRole('dialog');
    const grid = within(dialog).getByRole('grid', { name: 'Mẫu tài liệu' });
    expect(within(grid).getAllByRole('columnheader')[0]?.textContent).to.equal('STT');
    expect(within(dialog).queryByRole('checkbox')).to.equal(null);
    expect(bodyRows(dialog).map((row) => row.firstElementChild?.textContent)).to.deep.equal(['1', '2', '3']);
    expect(selectButton(dialog).disabled).to.equal(true);

    await userEvent.click(rowOf(dialog, 'Phụ lục điều chỉnh lương'));
    expect(rowOf(dialog, 'Phụ lục điều chỉnh lương').getAttribute('aria-selected')).to.equal('true');
    expect(selectButton(dialog).disabled).to.equal(false);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    await userEvent.click(rowOf(dialog, 'Quyết định khen thưởng'));
    expect(rowOf(dialog, 'Phụ lục điều chỉnh lương').getAttribute('aria-selected')).to.equal('false');

    const selected = nextEvent<TemplatePickerResult>('hcm-select');
    await userEvent.dblClick(rowOf(dialog, 'Hợp đồng lao động chính thức'));
    expect((await selected).detail).to.deep.equal({ success: true, items: [listedTemplate(contract)] });
  });

  it('shows a fixed type, disabled, and sends it on every call', async () => {
    const { dialog } = await openPicker('open fixed-type="CONTRACT" types=\'["REWARD"]\'');
    const filter = within(dialog).getByRole('combobox', { name: 'Loại mẫu' }) as HTMLButtonElement;
    expect(filter.disabled).to.equal(true);
    expect(filter.textContent).to.equal('Hợp đồng');
    expect((queries[0] as URLSearchParams).getAll('type')).to.deep.equal(['CONTRACT']);

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Tìm kiếm' }), 'lao động{Enter}');
    await waitFor(() => expect(queries).to.have.length(2));
    expect((queries[1] as URLSearchParams).getAll('type')).to.deep.equal(['CONTRACT']);
    expect((queries[1] as URLSearchParams).get('keyword')).to.equal('lao động');
  });

  it('offers every type but the leader work plan, starts from the preset, and searches again on a change', async () => {
    const { dialog } = await openPicker('open types=\'["REWARD"]\'');
    expect((queries[0] as URLSearchParams).getAll('type')).to.deep.equal(['REWARD']);
    const filter = within(dialog).getByRole('combobox', { name: 'Loại mẫu' });
    expect(filter.textContent).to.equal('Khen thưởng');

    await userEvent.click(filter);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).to.have.length(16);
    expect(options[0]).to.equal('Tất cả loại mẫu');
    expect(options).to.include.members(['Hợp đồng', 'Kế hoạch công việc', 'Kỷ luật']);
    expect(options).to.not.include('Lịch công tác lãnh đạo');

    await userEvent.click(screen.getByRole('option', { name: 'Kỷ luật' }));
    await waitFor(() => expect(queries).to.have.length(2));
    expect((queries[1] as URLSearchParams).getAll('type')).to.deep.equal(['DISCIPLINE']);
    expect((queries[1] as URLSearchParams).get('pageIndex')).to.equal('1');
  });

  it('searches on Enter only, with at most 200 characters', async () => {
    const { dialog } = await openPicker('open');
    const search = within(dialog).getByRole('searchbox', { name: 'Tìm kiếm' }) as HTMLInputElement;
    expect(search.placeholder).to.equal('Tìm kiếm theo tên mẫu');
    await userEvent.type(search, '  Hợp đồng ');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(queries).to.have.length(1);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(queries).to.have.length(2));
    expect((queries[1] as URLSearchParams).get('keyword')).to.equal('Hợp đồng');

    await userEvent.clear(search);
    await userEvent.paste('k'.repeat(250));
    expect(search.value).to.have.length(200);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(queries).to.have.length(3));
    expect((queries[2] as URLSearchParams).get('keyword')).to.equal('k'.repeat(200));
    expect((queries[2] as URLSearchParams).getAll('status')).to.deep.equal(['ACTIVE']);
  });

  it('lets only the preselected templates be chosen', async () => {
    const { dialog } = await openPicker(`open multiple preselected-ids='["${reward.id}","${annex.id}"]'`);
    expect(boxOf(dialog, 'Hợp đồng lao động chính thức').disabled).to.equal(true);
    expect(rowOf(dialog, 'Hợp đồng lao động chính thức').getAttribute('aria-disabled')).to.equal('true');
    expect(boxOf(dialog, 'Quyết định khen thưởng').disabled).to.equal(false);

    // select-all takes the choosable ones, and is then checked, not mixed
    const all = within(dialog).getByRole('checkbox', {
      name: 'Chọn tất cả mẫu trên trang này',
    }) as HTMLInputElement;
    await userEvent.click(all);
    expect([all.checked, all.indeterminate]).to.deep.equal([true, false]);
    expect(boxOf(dialog, 'Hợp đồng lao động chính thức').checked).to.equal(false);
    const selected = nextEvent<TemplatePickerResult>('hcm-select');
    await userEvent.click(selectButton(dialog));
    expect((await selected).detail.items).to.deep.equal([reward, annex].map(listedTemplate));
  });

  it('tells hcm-cancel on Cancel and on Escape, closing itself each time', async () => {
    const { element, dialog } = await openPicker('open multiple');
    await userEvent.click(boxOf(dialog, 'Phụ lục điều chỉnh lương'));
    let cancelled = nextEvent<TemplatePickerResult>('hcm-cancel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect((await cancelled).detail).to.deep.equal({ success: false, items: [] });
    expect(element.hasAttribute('open')).to.equal(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));

    // opened again, it starts afresh
    element.setAttribute('open', '');
    const again = await screen.findByRole('dialog', { name: 'Mẫu tài liệu' });
    await within(again).findByText('Phụ lục điều chỉnh lương');
    expect(boxOf(again, 'Phụ lục điều chỉnh lương').checked).to.equal(false);
    cancelled = nextEvent<TemplatePickerResult>('hcm-cancel');
    await userEvent.keyboard('{Escape}');
    expect((await cancelled).detail).to.deep.equal({ success: false, items: [] });
    expect(element.hasAttribute('open')).to.equal(false);
  });

  it('works from the keyboard: Tab to a row box and Space; one choice by arrows, Space and Enter', async () => {
    const { element, dialog } = await openPicker('open multiple');
    within(dialog).getByRole('searchbox').focus();
    const box = boxOf(dialog, 'Hợp đồng lao động chính thức');
    for (let tabs = 0; tabs < 6 && document.activeElement !== box; tabs += 1) await userEvent.tab();
    expect(document.activeElement).to.equal(box);
    await userEvent.keyboard(' ');
    expect(box.checked).to.equal(true);
    expect(selectButton(dialog).disabled).to.equal(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));

    element.removeAttribute('multiple');
    element.setAttribute('open', '');
    const single = await screen.findByRole('dialog', { name: 'Mẫu tài liệu' });
    await within(single).findByText('Phụ lục điều chỉnh lương');
    within(single).getByRole('searchbox').focus();
    const first = rowOf(single, 'Hợp đồng lao động chính thức');
    for (let tabs = 0; tabs < 6 && document.activeElement !== first; tabs += 1) await userEvent.tab();
    expect(document.activeElement).to.equal(first);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).to.equal(rowOf(single, 'Quyết định khen thưởng'));
    await userEvent.keyboard(' ');
    expect(rowOf(single, 'Quyết định khen thưởng').getAttribute('aria-selected')).to.equal('true');
    const selected = nextEvent<TemplatePickerResult>('hcm-select');
    await userEvent.keyboard('{Enter}');
    expect((await selected).detail).to.deep.equal({ success: true, items: [listedTemplate(reward)] });
  });

  it('pages through more than 25 templates, the index counting on', async () => {
    queries = serveTemplates(api, rows, 60);
    const { dialog } = await openPicker('open');
    const bar = await within(dialog).findByRole('navigation', { name: 'Phân trang' });
    await userEvent.click(await within(bar).findByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(queries).to.have.length(2));
    expect((queries[1] as URLSearchParams).get('pageIndex')).to.equal('2');
    await waitFor(() =>
      expect(bodyRows(dialog).map((row) => row.firstElementChild?.textContent)).to.deep.equal([
        '26',
        '27',
        '28',
      ]),
    );
  });
});
