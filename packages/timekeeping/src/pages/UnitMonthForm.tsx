import { WORK_CALENDAR_TARGETS } from '@hcm/contracts/work-calendars';
import { Button, Field, MonthInput, ReferencePicker, makeStyles, tokens } from '@hcm/ui';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    '& > *': { minWidth: '200px', flexGrow: 1 },
  },
});

/**
 * The unit and month a month view shows (the general timesheet, the summary of shifts), and the
 * button that shows them: one form, so that both pages ask the same way.
 */
export function UnitMonthForm(props: {
  labels: { unit: string; month: string; show: string };
  unitId: string | null;
  onUnitId: (id: string | null) => void;
  month: string;
  onMonth: (month: string) => void;
  /** the button waits: a unit or month missing, or a page on its way */
  disabled: boolean;
  onShow: () => void;
}) {
  const styles = useStyles();
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        props.onShow();
      }}
    >
      <Field label={props.labels.unit} required>
        <ReferencePicker
          target={WORK_CALENDAR_TARGETS.organizationUnit}
          value={props.unitId}
          onChange={props.onUnitId}
        />
      </Field>
      <Field label={props.labels.month} required>
        <MonthInput label={props.labels.month} value={props.month} onChange={props.onMonth} />
      </Field>
      <div>
        <Button appearance="primary" type="submit" disabled={props.disabled}>
          {props.labels.show}
        </Button>
      </div>
    </form>
  );
}
