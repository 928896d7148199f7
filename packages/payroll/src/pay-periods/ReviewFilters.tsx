import { payPeriodContract, type PayPeriodWorkerStatus } from '@hcm/contracts/pay-periods';
import { Dropdown, Field, Input, Option, ReferencePicker, SearchRegular, makeStyles, tokens } from '@hcm/ui';
import type { ColumnGroup } from './sheet-values.ts';
import { usePayPeriodTexts } from './texts.ts';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    '& > *': { minWidth: '180px', flexGrow: 1, flexBasis: '200px' },
  },
});

const UNIT_TARGET = payPeriodContract.fields.organizationUnitIds.target;
const STATUS_VALUES = ['', 'FAILED', 'OK'] as const;

export interface ReviewFilterValues {
  readonly organizationUnitId: string | null;
  readonly keyword: string;
  readonly status: PayPeriodWorkerStatus | null;
  /** the payslip group shown (its index), null: every component */
  readonly group: number | null;
}

/** What the detailed table lists and shows: a unit and those below it, a code or name, failed workers, a payslip group. */
export function ReviewFilters({
  value,
  groups,
  onChange,
}: {
  value: ReviewFilterValues;
  groups: readonly ColumnGroup[];
  onChange: (next: ReviewFilterValues) => void;
}) {
  const styles = useStyles();
  const { text, english } = usePayPeriodTexts();
  const statusText = (status: string) =>
    status === 'FAILED' ? text('statusFailed') : status === 'OK' ? text('statusOk') : text('statusAll');
  const groupText = (index: number | null) => {
    const group = index === null ? undefined : groups[index];
    return group ? (english ? group.title.en : group.title.vi) : text('allGroups');
  };
  return (
    <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
      <Field label={text('unit')}>
        <ReferencePicker
          target={UNIT_TARGET}
          value={value.organizationUnitId}
          onChange={(organizationUnitId) => onChange({ ...value, organizationUnitId })}
        />
      </Field>
      <Field label={text('search')}>
        <Input
          type="search"
          contentBefore={<SearchRegular aria-hidden />}
          value={value.keyword}
          onChange={(_event, data) => onChange({ ...value, keyword: data.value })}
        />
      </Field>
      <Field label={text('status')}>
        <Dropdown
          value={statusText(value.status ?? '')}
          selectedOptions={[value.status ?? '']}
          onOptionSelect={(_event, data) =>
            onChange({ ...value, status: (data.optionValue || null) as PayPeriodWorkerStatus | null })
          }
        >
          {STATUS_VALUES.map((status) => (
            <Option key={status} value={status}>
              {statusText(status)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {groups.length > 0 && (
        <Field label={text('groups')}>
          <Dropdown
            value={groupText(value.group)}
            selectedOptions={[value.group === null ? '' : String(value.group)]}
            onOptionSelect={(_event, data) =>
              onChange({ ...value, group: data.optionValue ? Number(data.optionValue) : null })
            }
          >
            <Option value="">{text('allGroups')}</Option>
            {groups.map((group, index) => (
              <Option key={`${group.title.vi}-${index}`} value={String(index)}>
                {english ? group.title.en : group.title.vi}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
    </form>
  );
}
