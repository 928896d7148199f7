import type { FieldInputProps, ModulePageOptions } from '@hcm/ui';
import { Subtitle1 } from '@hcm/ui';
import type { ComponentType } from 'react';
import { workShiftContract } from '@hcm/contracts/work-shifts';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { ClockInput } from './ClockInput.tsx';
import { ShiftTimeline } from './ShiftTimeline.tsx';
import { SegmentSection, WindowSection } from './WorkShiftSections.tsx';
import { shiftTimesOf } from './shift-times.ts';

/** Every clock time field of the record (its breaks' times are the children table's). */
const CLOCK_FIELDS = Object.entries(workShiftContract.fields)
  .filter(([, field]) => field.kind === 'text' && field.maxLength === 5)
  .map(([name]) => name);

function RecordTimeline({ record }: { record: Record<string, unknown> }) {
  const { t } = useTimekeepingTranslation();
  return (
    <section aria-label={t('workShifts.timeline.title')}>
      <Subtitle1 as="h2">{t('workShifts.timeline.title')}</Subtitle1>
      <ShiftTimeline times={shiftTimesOf(record)} nightHours={(record.nightHours as string | null) ?? null} />
    </section>
  );
}

/**
 * What the work shift's generic pages get beyond the contract: clock inputs, the segments' and
 * windows' sections that follow the shift's kind and draw its timeline, and the timeline with its
 * night hours on the detail page.
 */
export const workShiftPages: ModulePageOptions = {
  form: {
    fieldComponents: Object.fromEntries(
      CLOCK_FIELDS.map((name): [string, ComponentType<FieldInputProps>] => [name, ClockInput]),
    ),
    sectionComponents: {
      'workShift.segment': SegmentSection,
      'workShift.windows': WindowSection,
    },
  },
  detail: { below: (record) => <RecordTimeline record={record} /> },
};
