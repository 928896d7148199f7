import { useCallback, useEffect, useState } from 'react';
import type { PayPeriodComponent, PayPeriodRecord } from '@hcm/contracts/pay-periods';
import { payPeriodApi } from './pay-period-api.ts';
import { columnGroupsOf, type ColumnGroup } from './sheet-values.ts';

export interface LoadedSheet {
  readonly record: PayPeriodRecord;
  /** the template's components as computed: the detailed table's columns, in order */
  readonly components: readonly PayPeriodComponent[];
  /** the payslip's groups over them (empty when the template has no payslip lines) */
  readonly groups: readonly ColumnGroup[];
}

export type SheetState =
  | { readonly state: 'none' }
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly error: unknown }
  | ({ readonly state: 'ready' } & LoadedSheet);

const OTHER = { vi: 'Thành phần khác', en: 'Other components' };

/**
 * A sheet's record, the components it computes and its template's payslip groups, read again on
 * `reload` (after a computation ended, an approval, a lock). A template that cannot be read (the
 * user may see sheets, not templates) leaves the columns ungrouped.
 */
export function useSheet(id: string | null): { sheet: SheetState; reload: () => void } {
  const [answer, setAnswer] = useState<{ id: string; state: SheetState } | null>(null);
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    const load = async (): Promise<LoadedSheet> => {
      const [record, computed] = await Promise.all([payPeriodApi.record(id), payPeriodApi.components(id)]);
      const payslip = computed.templateId
        ? await payPeriodApi.template(computed.templateId).then(
            (template) => template.payslip,
            () => [],
          )
        : [];
      return {
        record,
        components: computed.components,
        groups: columnGroupsOf(computed.components, payslip, OTHER),
      };
    };
    load()
      .then(
        (loaded): SheetState => ({ state: 'ready', ...loaded }),
        (error: unknown): SheetState => ({ state: 'failed', error }),
      )
      .then((state) => live && setAnswer({ id, state }));
    return () => {
      live = false;
    };
  }, [id, revision]);
  const reload = useCallback(() => setRevision((n) => n + 1), []);
  // a reload keeps the sheet on screen until the new answer; another sheet does not
  const sheet: SheetState = !id ? { state: 'none' } : answer?.id === id ? answer.state : { state: 'loading' };
  return { sheet, reload };
}
