import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@hcm/i18n';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, resetUi } from '../testing/ui-fixture.tsx';
import { notify, showToast } from './notify.ts';

describe('toasts', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('shows a toast with the intent’s title and the message, no component mounted by the caller', async () => {
    await notify.success('Đã lưu hợp đồng HD-001');
    await screen.findByText('Đã lưu hợp đồng HD-001');
    screen.getByText('Thành công');
  });

  it('titles each intent in the current language', async () => {
    await notify.error('e1');
    await notify.info('i1');
    await notify.warning('w1');
    await screen.findByText('Lỗi');
    screen.getByText('Thông tin');
    screen.getByText('Cảnh báo');
    await setLanguage('en');
    await showToast({ intent: 'success', message: 'saved' });
    await screen.findByText('Success');
  });

  it('stacks at most 5 at a time', async () => {
    for (let i = 1; i <= 7; i += 1) await notify.info(`Thông báo ${i}`);
    await screen.findByText('Thông báo 5');
    await waitFor(() => expect(screen.queryAllByText(/^Thông báo \d$/)).to.have.length(5));
    expect(screen.queryByText('Thông báo 6')).to.equal(null);
  });

  it('goes away by itself after about 3 seconds', async () => {
    await notify.info('Tạm thời');
    await screen.findByText('Tạm thời');
    await waitFor(() => expect(screen.queryByText('Tạm thời')).to.equal(null), { timeout: 6000 });
  });
});
