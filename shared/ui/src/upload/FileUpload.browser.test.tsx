import { expect } from '@open-wc/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { FileUpload, type FileUploadProps } from './FileUpload.tsx';

const MB = 1048576;
const makeFile = (name: string, type: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type });

function Harness(props: Partial<FileUploadProps>) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FileUpload
      accept={['.pdf', 'image/*']}
      maxFiles={3}
      maxSizeMB={1}
      {...props}
      value={files}
      onChange={setFiles}
    />
  );
}

/** A real drag and drop of files onto the box, as the browser dispatches it. */
function drop(files: File[]) {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  const zone = screen.getByTestId('upload-drop-zone');
  act(() => {
    zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer }));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
  });
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Tệp đã chọn' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('file upload box', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('takes dropped files and lists them with their size', async () => {
    renderUi(<Harness />);
    await screen.findByText('Kéo và thả tệp vào đây');
    screen.getByText('Tối đa 3 tệp, mỗi tệp không quá 1 MB');
    drop([makeFile('hop-dong.pdf', 'application/pdf', 1536), makeFile('anh.png', 'image/png')]);
    await waitFor(() => expect(listed()).to.deep.equal(['hop-dong.pdf1,5 KB', 'anh.png2 KB']));
  });

  it('skips files of other types without a word', async () => {
    renderUi(<Harness />);
    drop([makeFile('virus.exe', 'application/x-msdownload'), makeFile('cv.pdf', 'application/pdf')]);
    await waitFor(() => expect(listed()).to.deep.equal(['cv.pdf2 KB']));
    expect(screen.queryByRole('alert')).to.equal(null);
  });

  it('says maxFileSize with the size, and keeps the files that fit', async () => {
    renderUi(<Harness />);
    drop([makeFile('lon.pdf', 'application/pdf', MB + 1), makeFile('nho.pdf', 'application/pdf')]);
    expect((await screen.findByRole('alert')).textContent).to.equal('Mỗi tệp không được vượt quá 1 MB.');
    expect(listed()).to.deep.equal(['nho.pdf2 KB']);
  });

  it('says maxUploadFile with the count when too many files come', async () => {
    renderUi(<Harness />);
    drop([makeFile('1.pdf', 'application/pdf'), makeFile('2.pdf', 'application/pdf')]);
    await waitFor(() => expect(listed()).to.have.length(2));
    drop([makeFile('3.pdf', 'application/pdf'), makeFile('4.pdf', 'application/pdf')]);
    expect((await screen.findByRole('alert')).textContent).to.equal('Chỉ được tải lên tối đa 3 tệp.');
    expect(listed()).to.have.length(2);
  });

  it('chooses files with the button, and removes one', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Chọn tệp'), [
      makeFile('a.pdf', 'application/pdf'),
      makeFile('b.pdf', 'application/pdf'),
    ]);
    await waitFor(() => expect(listed()).to.have.length(2));
    await user.click(screen.getByRole('button', { name: 'Xóa tệp a.pdf' }));
    await waitFor(() => expect(listed()).to.deep.equal(['b.pdf2 KB']));
  });

  it('is inert when disabled', async () => {
    renderUi(<Harness disabled />);
    expect((await screen.findByRole('button', { name: 'Chọn tệp' })).hasAttribute('disabled')).to.equal(true);
    drop([makeFile('a.pdf', 'application/pdf')]);
    expect(screen.queryByRole('list')).to.equal(null);
  });
});
