import { Button, Spinner } from '@hcm/ui';
import { useProfileStyles } from './form-styles.ts';

/** A form's submit button that holds a named spinner and stays focusable while the call runs. */
export function BusyButton({ busy, busyLabel, label }: { busy: boolean; busyLabel: string; label: string }) {
  const styles = useProfileStyles();
  return (
    <Button
      className={styles.submit}
      type="submit"
      appearance="primary"
      disabledFocusable={busy}
      aria-busy={busy}
      icon={busy ? <Spinner size="tiny" aria-label={busyLabel} /> : undefined}
    >
      {label}
    </Button>
  );
}
