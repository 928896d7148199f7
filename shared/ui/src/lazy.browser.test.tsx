import { expect } from '@open-wc/testing';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, it } from '../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from './testing/ui-fixture.tsx';
import { DataTable, DecimalInput, PaginationBar, StatusBadge, TruncatedText } from './lazy.tsx';

describe('lazy pieces of the entry', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('render once their kit has loaded, with no Suspense boundary of the caller', async () => {
    renderUi(
      <>
        <StatusBadge status="APPROVED" />
        <TruncatedText text={'x'.repeat(30)} limit="code" />
        <PaginationBar pageIndex={2} pageSize={15} total={40} onChange={() => undefined} />
        <DataTable ariaLabel="Trống" columns={[]} rows={[]} getRowId={() => ''} />
        <DecimalInput aria-label="Số tiền" value="1234.5" onChange={() => undefined} />
      </>,
    );
    await screen.findByText('Đã phê duyệt');
    await screen.findByText(`${'x'.repeat(20)}...`);
    await screen.findByText('16–30 trong tổng số 40');
    await screen.findByText('Không có dữ liệu');
    expect(((await screen.findByLabelText('Số tiền')) as HTMLInputElement).value).to.equal('1.234,5');
  });
});
