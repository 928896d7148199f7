import { showToast } from '../toast/notify.ts';
import { uiText } from '../i18n/ui-i18n.ts';

export interface SubmitGuardOptions {
  /** marks every control touched, so that each shows its error */
  markAllTouched: () => void;
  /** the warning toast's text; default: the kit's 'form invalid' message */
  invalidMessage?: string;
}

/**
 * The submit guard (core §5, catalogues §5.3): an invalid form's submit click or submit event is
 * blocked (default prevented, propagation stopped), every control is marked touched and a warning
 * toast says so. Returns whether the submission may go on.
 */
export function guardSubmit(
  event: { preventDefault(): void; stopPropagation(): void } | undefined,
  valid: boolean,
  { markAllTouched, invalidMessage }: SubmitGuardOptions,
): boolean {
  if (valid) return true;
  event?.preventDefault();
  event?.stopPropagation();
  markAllTouched();
  void showToast({ intent: 'warning', message: () => invalidMessage ?? uiText('form.invalid') });
  return false;
}
