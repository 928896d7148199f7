import { Caption1, Subtitle2, makeStyles, tokens, type ResourceSectionProps } from '@hcm/ui';
import { useEffect, useId } from 'react';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { ShiftTimeline } from './ShiftTimeline.tsx';
import { KIND_FIELDS, KIND_ONLY_FIELDS, kindOf, shiftTimesOf } from './shift-times.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    // two clock times side by side even on a phone
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1', minWidth: 0 },
  part: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The section's fields the shift's kind has (a second segment for split, core hours for flexible). */
function shown(fields: readonly string[], kind: ReturnType<typeof kindOf>) {
  return fields.filter((name) => !KIND_ONLY_FIELDS.includes(name) || KIND_FIELDS[kind].includes(name));
}

/**
 * "Giờ làm việc": the segment's start and end, the second segment of a split shift or the core
 * hours of a flexible one (the others' inputs are hidden and emptied when the kind changes, so a
 * fixed shift never carries a stale second segment), the breaks, and the shift's timeline as
 * typed, with the rules it breaks said at once.
 */
export function SegmentSection({ fields, values, binding, renderField }: ResourceSectionProps) {
  const { t } = useTimekeepingTranslation();
  const styles = useStyles();
  const headingId = useId();
  const kind = kindOf(values.kind);
  useClearedOnKind(kind, values, binding);
  const inputs = shown(fields, kind).filter((name) => name !== 'breaks');
  return (
    <>
      <div className={styles.grid}>{inputs.map(renderField)}</div>
      {fields.includes('breaks') && <div className={styles.wide}>{renderField('breaks')}</div>}
      <div className={styles.part}>
        <Subtitle2 as="h3" id={headingId}>
          {t('workShifts.timeline.title')}
        </Subtitle2>
        <ShiftTimeline times={shiftTimesOf(values)} labelledBy={headingId} />
      </div>
    </>
  );
}

/** "Khoảng chấm công": the windows of the segments the kind has, and the tolerances. */
export function WindowSection({ fields, values, renderField }: ResourceSectionProps) {
  const { t } = useTimekeepingTranslation();
  const styles = useStyles();
  return (
    <>
      <Caption1>{t('workShifts.windowsHint')}</Caption1>
      <div className={styles.grid}>{shown(fields, kindOf(values.kind)).map(renderField)}</div>
    </>
  );
}

/** Empties the fields the kind does not have once the user switches to it. */
function useClearedOnKind(
  kind: ReturnType<typeof kindOf>,
  values: ResourceSectionProps['values'],
  binding: ResourceSectionProps['binding'],
) {
  useEffect(() => {
    for (const name of KIND_ONLY_FIELDS) {
      const value = values[name];
      if (!KIND_FIELDS[kind].includes(name) && value !== null && value !== undefined && value !== '')
        binding(name).onChange(null);
    }
    // only a change of kind empties: typing in a shown field must not run this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);
}
