import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@hcm/i18n';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceDetailPage } from './ResourceDetailPage.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { contractTestContract as contract, jobTitleContract } from './test-contracts.ts';

/*
 * Issue 27: seeded catalogue records showed as "INDEFINITE_TERM - Hợp đồng lao động…" in the
 * Vietnamese interface. A referenced record is named by its name in the page's language (its
 * English name in English when it has one); its code is at most a muted detail of a picker's
 * option.
 */

const VI = 'Hợp đồng lao động không xác định thời hạn';
const EN = 'Indefinite-term labour contract';
const CODE = 'INDEFINITE_TERM';

let api: FakeResourceApi;
let recordId: string;

const valueOf = (name: string) => document.querySelector(`dd[data-field="${name}"]`)?.textContent;

describe('a referenced record is shown by its name, never its raw code', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
    const [indefinite] = api.seed(jobTitleContract, 1, () => ({ code: CODE, name: VI, nameEn: EN }));
    api.seed(jobTitleContract, 1, () => ({ code: 'DT_KINH', name: 'Kinh' }));
    const [record] = api.seed(contract, 1, () => ({
      code: 'HD_001',
      name: 'Hợp đồng mẫu',
      jobTitle: indefinite?.id,
    }));
    recordId = record?.id ?? '';
    await api.signInWith(['job_title.view', 'job_title.update']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  // (a list's cells are named by the same hook: MultiReferenceInput.browser.test.tsx reads one)
  it('in the Vietnamese detail page: the name alone', async () => {
    renderUi(<ResourceDetailPage contract={contract} id={recordId} navigate={() => undefined} />);
    await waitFor(() => expect(valueOf('jobTitle')).to.equal(VI));
    expect(document.body.textContent).not.to.contain(CODE);
    expect(await accessibilityViolations(await screen.findByRole('article'))).to.deep.equal([]);
  });

  it('in the Vietnamese form: the picker holds the name; its options add the code, muted', async () => {
    const user = userEvent.setup();
    renderUi(<ResourceForm contract={contract} mode="update" id={recordId} navigate={() => undefined} />);
    const picker = await screen.findByRole('combobox', { name: 'Chức danh' });
    await waitFor(() => expect((picker as HTMLInputElement).value).to.equal(VI));
    await user.clear(picker);
    await user.type(picker, 'Kinh');
    const option = await screen.findByRole('option', { name: 'Kinh DT_KINH' });
    const code = within(option).getByText('DT_KINH');
    expect(code.parentElement?.firstChild?.textContent).to.equal('Kinh');
    expect(await accessibilityViolations(await screen.findByRole('form'))).to.deep.equal([]);
    await user.click(option);
    await waitFor(() => expect((picker as HTMLInputElement).value).to.equal('Kinh'));
  });

  it('in English: the English name where the record has one, else its name', async () => {
    await setLanguage('en');
    renderUi(<ResourceDetailPage contract={contract} id={recordId} navigate={() => undefined} />);
    await waitFor(() => expect(valueOf('jobTitle')).to.equal(EN));
    expect(await accessibilityViolations(await screen.findByRole('article'))).to.deep.equal([]);
    // the language changed on the open page: the names follow
    await setLanguage('vi');
    await waitFor(() => expect(valueOf('jobTitle')).to.equal(VI));
  });
});
