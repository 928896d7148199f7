import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { HcmProvider, dismissAllToasts, loadUiDictionary } from '@hcm/ui';
import type { FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import { prepareShell, resetShell } from '../testing/shell-fixture.tsx';

/** The shell's test set-up with @hcm/ui's own dictionary loaded (field errors, the form-invalid toast). */
export async function preparePages(api: FakeApi): Promise<void> {
  await prepareShell(api);
  await loadUiDictionary();
}

/** One page on its own, in the portal's theme (no router, no layout). */
export function renderPage(page: ReactElement): RenderResult {
  return render(<HcmProvider>{page}</HcmProvider>);
}

export async function resetPages(): Promise<void> {
  resetShell();
  await dismissAllToasts();
}
