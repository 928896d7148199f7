import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureHttp } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { healthyIam, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import '../index.ts';
import {
  addElement,
  nextEvent,
  prepareWidgets,
  resetWidgets,
  signInAsHrAdmin,
} from '../testing/widgets-fixture.ts';
import { USER_MANUALS_PATH, userManualFileUrl, type UserManual } from './use-user-manuals.ts';
import { allOf } from '../../../../scripts/testing/all-of.ts';

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const manual = (id: string, title: string, file: string | null, name: string, type: string): UserManual => ({
  id,
  title,
  note: `Ghi chú ${title}`,
  file,
  fileInfo: file ? { id: file, fileName: name, size: 1024, contentType: type } : null,
});
const MANUALS = [
  manual('m1', 'Hướng dẫn chấm công', 'f-pdf', 'Cham-cong.pdf', 'application/pdf'),
  manual('m2', 'Sơ đồ quy trình nghỉ phép', 'f-png', 'Quy-trinh.png', 'image/png'),
  manual('m3', 'Biểu mẫu bảng lương', 'f-xlsx', 'Bang-luong.xlsx', 'application/vnd.ms-excel'),
  manual('m4', 'Hướng dẫn đã xóa tệp', 'f-gone', 'Da-xoa.pdf', 'application/pdf'),
  manual('m5', 'Hướng dẫn chưa có tệp', null, '', ''),
];
const FILES: Record<string, { bytes: Uint8Array; type: string }> = {
  'f-pdf': { bytes: PDF, type: 'application/pdf' },
  'f-png': { bytes: PNG, type: 'image/png' },
  'f-xlsx': { bytes: new Uint8Array([80, 75, 3, 4]), type: 'application/vnd.ms-excel' },
};

describe('<hcm-guideline-viewer> (core §2 guideline modal and file preview)', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = healthyIam().on('GET', USER_MANUALS_PATH, () => ({ status: 200, body: { data: MANUALS } }));
    await prepareWidgets(api);
    await signInAsHrAdmin();
    // the manuals' files are bytes, which the JSON fake does not answer: served here
    configureHttp({
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
        const id = Object.keys(FILES).find((fileId) => url.pathname === userManualFileUrl(fileId));
        const file = id ? FILES[id] : undefined;
        if (file)
          return Promise.resolve(
            new Response(file.bytes.slice().buffer, { headers: { 'content-type': file.type } }),
          );
        return api.fetch(input, init);
      },
    });
  });
  afterEach(() => resetWidgets());

  const openViewer = async () => {
    const element = await addElement('<hcm-guideline-viewer open></hcm-guideline-viewer>');
    const dialog = await screen.findByRole('dialog', { name: 'Hướng dẫn sử dụng' });
    await within(dialog).findByText('Hướng dẫn chấm công');
    return { element, dialog };
  };
  const preview = async (dialog: HTMLElement, title: string, fileName: string) => {
    const summary = within(dialog).getByText(title, { selector: 'summary' });
    await userEvent.click(summary);
    await userEvent.click(within(dialog).getByRole('button', { name: fileName }));
    return screen.findByRole('dialog', { name: fileName });
  };

  it('lists the manuals as collapsible items with their file, and passes axe', async () => {
    const { dialog } = await openViewer();
    const items = dialog.querySelectorAll('details');
    expect(items.length).to.equal(5);
    expect(allOf([...items], (item) => !item.open)).to.equal(true);
    // each item is reached with Tab (a native <summary>, which Enter and Space toggle)
    await userEvent.tab();
    expect(document.activeElement?.tagName).to.equal('SUMMARY');
    await userEvent.click(within(dialog).getByText('Hướng dẫn chấm công', { selector: 'summary' }));
    expect(items[0]?.open).to.equal(true);
    within(items[0] as HTMLElement).getByRole('button', { name: 'Cham-cong.pdf' });
    expect(items[0]?.textContent).to.contain('Ghi chú Hướng dẫn chấm công');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows a PDF in a frame 678 px high after its spinner, and an image inline', async () => {
    const { dialog } = await openViewer();
    const pdf = await preview(dialog, 'Hướng dẫn chấm công', 'Cham-cong.pdf');
    // the spinner shows first, for at least a second
    within(pdf).getByRole('progressbar');
    const frame = (await waitFor(
      () => {
        const found = pdf.querySelector('iframe');
        if (!found) throw new Error('no frame yet');
        return found;
      },
      { timeout: 4000 },
    )) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).to.match(/^blob:/);
    expect(frame.getBoundingClientRect().height).to.equal(678);
    expect(frame.title).to.equal('Cham-cong.pdf');
    await userEvent.click(within(pdf).getByRole('button', { name: 'Quay lại' }));

    const list = await screen.findByRole('dialog', { name: 'Hướng dẫn sử dụng' });
    const image = await preview(list, 'Sơ đồ quy trình nghỉ phép', 'Quy-trinh.png');
    const img = (await within(image).findByRole(
      'img',
      { name: 'Quy-trinh.png' },
      { timeout: 4000 },
    )) as HTMLImageElement;
    await waitFor(() => expect(img.naturalWidth).to.equal(1));
  });

  it('says a spreadsheet cannot be previewed, a missing file is not found, and a manual without a file has no url', async () => {
    const { dialog } = await openViewer();
    const sheet = await preview(dialog, 'Biểu mẫu bảng lương', 'Bang-luong.xlsx');
    await within(sheet).findByText('Định dạng tệp này chưa hỗ trợ xem trước', undefined, { timeout: 4000 });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Quay lại' }));

    const list = await screen.findByRole('dialog', { name: 'Hướng dẫn sử dụng' });
    const gone = await preview(list, 'Hướng dẫn đã xóa tệp', 'Da-xoa.pdf');
    expect((await within(gone).findByRole('alert', undefined, { timeout: 4000 })).textContent).to.equal(
      'Không tìm thấy tệp',
    );
    await userEvent.keyboard('{Escape}');

    const again = await screen.findByRole('dialog', { name: 'Hướng dẫn sử dụng' });
    await userEvent.click(within(again).getByText('Hướng dẫn chưa có tệp', { selector: 'summary' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Hướng dẫn chưa có tệp' }));
    const none = await screen.findByRole('dialog', { name: 'Hướng dẫn chưa có tệp' });
    expect(within(none).getByRole('alert').textContent).to.equal('Thiếu đường dẫn tệp');
  });

  it('tells hcm-close and removes its open attribute when the user closes it', async () => {
    const { element, dialog } = await openViewer();
    const closed = nextEvent<Record<string, never>>('hcm-close');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đóng' }));
    expect((await closed).detail).to.deep.equal({});
    expect(element.hasAttribute('open')).to.equal(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });
});
