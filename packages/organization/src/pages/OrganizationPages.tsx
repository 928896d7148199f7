import { organizationUnitContract } from '@hcm/contracts/organization';
import { laborContractContract } from '@hcm/contracts/labor-contracts';
import { PERSONNEL_CHANGE_CONTRACTS } from '@hcm/contracts/personnel-changes';
import { workerContract } from '@hcm/contracts/workers';
import { Button, Title2, goTo, makeStyles, matchResourcePage } from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';
import { useOrganizationLocation } from '../use-location.ts';
import { OrgChart } from '../chart/OrgChart.tsx';
import { ContactsPage } from '../contacts/ContactsPage.tsx';
import { ContractPages } from './ContractPages.tsx';

/** The list page's view, in the URL so that a reload or a shared link keeps it. */
export const VIEW_PARAM = 'view';

/** Organisation › Contacts (one page, no sub-pages). */
export const CONTACTS_ROUTE = '/om/contacts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '8px',
  },
  views: { display: 'flex', gap: '4px' },
});

function ViewSwitch({ list }: { list: boolean }) {
  const { t } = useOrganizationTranslation();
  const styles = useStyles();
  const to = (view: 'chart' | 'list') => {
    const url = new URL(window.location.href);
    if (view === 'list') url.searchParams.set(VIEW_PARAM, 'list');
    else url.searchParams.delete(VIEW_PARAM);
    goTo(`${url.pathname}${url.search}`);
  };
  return (
    <div className={styles.views} role="group" aria-label={t('view.label')}>
      <Button appearance={list ? 'secondary' : 'primary'} aria-pressed={!list} onClick={() => to('chart')}>
        {t('view.chart')}
      </Button>
      <Button appearance={list ? 'primary' : 'secondary'} aria-pressed={list} onClick={() => to('list')}>
        {t('view.list')}
      </Button>
    </div>
  );
}

/**
 * Organisation › Contacts: the colleagues' directory.
 *
 * Organisation › Employee list: the workers' generic pages (list, create, detail, update); an
 * employee's page offers "new contract".
 *
 * Organisation › Contract: the labour contracts' generic pages.
 *
 * Organisation › Position assignments, Quit job, Reward, Discipline, Benefit, Salary review: the
 * decisions' generic pages (an employee's page lists them in its history).
 *
 * Organisation › Organisation chart: the chart (default) or the units' generic list at the
 * route, switched by "Sơ đồ" / "Danh sách"; the create, detail and update pages below it are the
 * contract's generic pages.
 */
export default function OrganizationPages() {
  const { t } = useOrganizationTranslation();
  const styles = useStyles();
  const { pathname, search } = useOrganizationLocation();
  if (pathname === CONTACTS_ROUTE) return <ContactsPage />;
  if (matchResourcePage(workerContract, pathname)) return <ContractPages contract={workerContract} />;
  if (matchResourcePage(laborContractContract, pathname))
    return <ContractPages contract={laborContractContract} />;
  const decision = PERSONNEL_CHANGE_CONTRACTS.find((contract) => matchResourcePage(contract, pathname));
  if (decision) return <ContractPages contract={decision} />;
  const match = matchResourcePage(organizationUnitContract, pathname);
  if (match?.page !== 'list') return <ContractPages contract={organizationUnitContract} />;
  const list = new URLSearchParams(search).get(VIEW_PARAM) === 'list';
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        {list ? <span /> : <Title2 as="h1">{t('chart.title')}</Title2>}
        <ViewSwitch list={list} />
      </div>
      {list ? <ContractPages contract={organizationUnitContract} /> : <OrgChart />}
    </div>
  );
}
