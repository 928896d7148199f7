import { useCallback, useEffect, useState } from 'react';
import type { OrganizationUnitNode } from '@hcm/contracts/organization';
import { organizationUnitContract } from '@hcm/contracts/organization';
import { Authorized, Button, Loading, MessageBar, MessageBarBody, goTo, resourceRoutes } from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { unitApi } from './unit-api.ts';

/** The chart's address parameter naming a unit to show (a unit just created is shown there). */
export const CHART_UNIT_PARAM = 'unit';

type Loaded =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; units: OrganizationUnitNode[] };

/** The chart view: reads every active unit once (GET /find-all-tree), then draws them. */
export function OrgChart() {
  const { t } = useOrganizationTranslation();
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const load = useCallback(
    () =>
      unitApi.findAllTree().then(
        (units) => setState({ status: 'ready', units }),
        () => setState((current) => (current.status === 'ready' ? current : { status: 'failed' })),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading') return <Loading showLabel />;
  if (state.status === 'failed')
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          {t('chart.loadFailed')}{' '}
          <Button size="small" onClick={() => void load()}>
            {t('chart.retry')}
          </Button>
        </MessageBarBody>
      </MessageBar>
    );
  if (state.units.length === 0)
    return (
      <MessageBar intent="info">
        <MessageBarBody>
          {t('chart.empty')}{' '}
          <Authorized anyOf="organization_unit.create">
            <Button
              size="small"
              appearance="primary"
              onClick={() => goTo(resourceRoutes(organizationUnitContract).create)}
            >
              {t('chart.addFirst')}
            </Button>
          </Authorized>
        </MessageBarBody>
      </MessageBar>
    );
  return (
    <ChartCanvas
      units={state.units}
      onChanged={load}
      initialUnit={new URLSearchParams(window.location.search).get(CHART_UNIT_PARAM)}
    />
  );
}
