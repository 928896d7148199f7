import { useEffect, useState } from 'react';
import {
  SHIFT_CHANGE_KIND_FIELDS,
  ShiftChangeRequestPaths,
  type ShiftOnDay,
} from '@hcm/contracts/shift-change-requests';
import { makeStyles, Text, tokens, type ResourceSectionProps } from '@hcm/ui';
import { api } from '@hcm/session';
import { useRequestTexts } from '../requests/texts.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1', minWidth: 0 },
  shifts: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { marginInlineStart: 0 },
});

const OF_A_KIND = new Set(Object.values(SHIFT_CHANGE_KIND_FIELDS).flat());
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * "Thông tin đổi ca": the fields the chosen kind uses (a MOVE's new shift, a SWAP's other worker
 * and day), the others emptied when the kind changes, so a request never carries a stale one
 * (the server refuses a swap naming a shift of its own, or a move naming another worker).
 */
export function ChangeSection({
  contract,
  fields,
  values,
  binding,
  renderField,
  text,
}: ResourceSectionProps) {
  const styles = useStyles();
  const kind = String(values.kind ?? 'MOVE') as keyof typeof SHIFT_CHANGE_KIND_FIELDS;
  const used = SHIFT_CHANGE_KIND_FIELDS[kind] ?? [];
  useEffect(() => {
    for (const name of OF_A_KIND)
      if (!used.includes(name) && fields.includes(name) && !isEmpty(values[name]))
        binding(name).onChange(null as never);
    // only a change of kind empties: typing in a shown field must not run this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);
  const shown = fields.filter((name) => !OF_A_KIND.has(name) || used.includes(name));
  return (
    <div className={styles.grid}>
      {shown.map((name) => (
        <div key={name} className={name === 'reason' ? styles.wide : undefined}>
          {renderField(name)}
        </div>
      ))}
      <div className={styles.wide}>
        <ShiftsNow contract={contract} values={values} labelText={text} />
      </div>
    </div>
  );
}

/** The form keeps a date as a Date (its local day): the API's 'YYYY-MM-DD'. */
function dayOf(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

type Found =
  { kind: 'none' } | { kind: 'loading' } | { kind: 'done'; answer: ShiftOnDay } | { kind: 'failed' };

/** The shift the work calendars give a worker on a day, asked of the server as the form changes. */
function useShiftOnDay(workerId: unknown, date: unknown): Found {
  const day = dayOf(date);
  const key = typeof workerId === 'string' && workerId !== '' && day ? `${workerId}|${day}` : null;
  // the last answer and the question it answers: a newer question shows "looking" until its own
  const [answered, setAnswered] = useState<{ key: string; found: Found } | null>(null);
  useEffect(() => {
    if (!key) return;
    const [asked, day] = key.split('|');
    let current = true;
    api
      .get<ShiftOnDay>(ShiftChangeRequestPaths.shiftOnDay, {
        params: { workerId: asked, date: day },
        ignoreError: true,
      })
      .then((answer) => current && setAnswered({ key, found: { kind: 'done', answer } }))
      .catch(() => current && setAnswered({ key, found: { kind: 'failed' } }));
    return () => {
      current = false;
    };
  }, [key]);
  if (!key) return { kind: 'none' };
  return answered?.key === key ? answered.found : { kind: 'loading' };
}

/**
 * Below the change: the shift each named worker has that day by the approved work calendars, as
 * the server will find it when the request is saved (a saved request's detail shows what it
 * found then, in its "Ca theo lịch làm việc" section).
 */
function ShiftsNow({
  contract,
  values,
  labelText,
}: Pick<ResourceSectionProps, 'contract' | 'values'> & { labelText: ResourceSectionProps['text'] }) {
  const styles = useStyles();
  const text = useRequestTexts();
  const swap = values.kind === 'SWAP';
  const mine = useShiftOnDay(values.workerId, values.workDate);
  const theirs = useShiftOnDay(swap ? values.otherWorkerId : null, values.otherWorkDate || values.workDate);
  const say = (found: Found) =>
    found.kind === 'done'
      ? found.answer.workShift
        ? `${found.answer.workShift.name} (${found.answer.workShift.code})`
        : text.of(['Không có ca (nghỉ)', 'No shift (a day off)'])
      : found.kind === 'loading'
        ? text.of(['Đang tìm…', 'Looking…'])
        : found.kind === 'failed'
          ? text.of(['Không tìm được', 'Could not be found'])
          : text.of(['Chọn nhân viên và ngày', 'Choose the employee and the day']);
  const rows = [
    { field: 'currentShiftId', found: mine },
    ...(swap ? [{ field: 'otherShiftId', found: theirs }] : []),
  ];
  return (
    <dl className={styles.shifts} aria-live="polite">
      {rows.map(({ field, found }) => {
        const spec = contract.fields[field];
        return (
          <div key={field}>
            <dt className={styles.term}>{spec ? labelText(spec.label) : field}</dt>
            <dd className={styles.value}>
              <Text>{say(found)}</Text>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
