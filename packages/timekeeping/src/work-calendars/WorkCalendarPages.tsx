import { workCalendarContract } from '@hcm/contracts/work-calendars';
import { Button, goTo, useBrowserLocation } from '@hcm/ui';
import { ApprovalContractPages } from '@hcm/widgets';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { ShiftExplanationPage } from './ShiftExplanationPage.tsx';
import { PatternSection, TargetSection } from './WorkCalendarSections.tsx';

/** The form's sections that follow the target type and the pattern. */
const form = {
  sectionComponents: {
    'workCalendar.section.target': TargetSection,
    'workCalendar.section.pattern': PatternSection,
  },
};

/** The page below the calendars' route that says which shift applies to a worker on a day, and why. */
export const EXPLAIN_ROUTE = `${workCalendarContract.route}/explain`;

/**
 * Timekeeping › Shift calendar: the calendars' list, create, detail and update pages from their
 * contract with the approval engine's tabs, actions and dialog (@hcm/widgets), and the
 * explanation of a worker's day at /tm/work-calendar/explain (linked from the list's toolbar).
 */
export default function WorkCalendarPages() {
  const { t } = useTimekeepingTranslation();
  const { pathname } = useBrowserLocation();
  if (pathname.replace(/\/+$/, '') === EXPLAIN_ROUTE) return <ShiftExplanationPage />;
  return (
    <ApprovalContractPages
      contract={workCalendarContract}
      form={form}
      list={{
        toolbar: <Button onClick={() => goTo(EXPLAIN_ROUTE)}>{t('workCalendars.explain.open')}</Button>,
      }}
    />
  );
}
