import { useEffect } from 'react';
import type { WorkCalendarPatternType, WorkCalendarTargetType } from '@hcm/contracts/work-calendars';
import { makeStyles, tokens, type ResourceSectionProps } from '@hcm/ui';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1', minWidth: 0 },
});

/** The target fields each target type uses (docs/work-calendars.md); the others stay empty. */
export const TARGET_FIELDS: Readonly<Record<WorkCalendarTargetType, readonly string[]>> = {
  UNIT: ['organizationUnitId', 'ownUnitOnly'],
  WORKING_GROUP: ['organizationUnitId', 'ownUnitOnly'],
  JOB_TITLE: ['jobTitleId'],
  WORKER: ['workerIds'],
};
/** The pattern fields each pattern uses; the weekdays are both's. */
export const PATTERN_FIELDS: Readonly<Record<WorkCalendarPatternType, readonly string[]>> = {
  WEEKLY: ['weekdays', 'workShiftId'],
  ROTATION: ['weekdays', 'rotationUnit', 'anchorDate', 'rotation'],
};
const WIDE = new Set(['workerIds', 'weekdays', 'rotation']);

const emptyOf = (name: string) =>
  name === 'workerIds' || name === 'rotation' ? [] : name === 'ownUnitOnly' ? false : null;
const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/**
 * Shows the fields the chosen kind uses and empties the others when the kind changes, so that a
 * calendar never carries a stale target or pattern (the server refuses one: a field of another
 * kind filled). `kindField` names the choosing field, drawn first.
 */
function KindSection({
  kindField,
  fieldsOf,
  props,
}: {
  kindField: string;
  fieldsOf: Readonly<Record<string, readonly string[]>>;
  props: ResourceSectionProps;
}) {
  const { fields, values, binding, renderField } = props;
  const styles = useStyles();
  const kind = String(values[kindField] ?? '');
  const used = fieldsOf[kind] ?? [];
  const ofAnyKind = new Set(Object.values(fieldsOf).flat());
  useEffect(() => {
    for (const name of ofAnyKind)
      if (!used.includes(name) && fields.includes(name) && !isEmpty(values[name]))
        binding(name).onChange(emptyOf(name) as never);
    // only a change of kind empties: typing in a shown field must not run this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);
  const shown = fields.filter((name) => name === kindField || !ofAnyKind.has(name) || used.includes(name));
  return (
    <div className={styles.grid}>
      {shown.map((name) => (
        <div key={name} className={WIDE.has(name) ? styles.wide : undefined}>
          {renderField(name)}
        </div>
      ))}
    </div>
  );
}

/** "Đối tượng áp dụng": the unit, the title or the workers, as the target type says. */
export function TargetSection(props: ResourceSectionProps) {
  return <KindSection kindField="targetType" fieldsOf={TARGET_FIELDS} props={props} />;
}

/** "Ca và ngày làm việc": the weekly shift, or the rotation's slot length, anchor and slots. */
export function PatternSection(props: ResourceSectionProps) {
  return <KindSection kindField="patternType" fieldsOf={PATTERN_FIELDS} props={props} />;
}
