import { useMemo } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { hasAuthority, type PermissionCode } from '@hcm/contracts';
import { documentKindOf, documentPlaceholders } from '@hcm/contracts/documents';
import { PERSONNEL_CHANGE_CONTRACTS } from '@hcm/contracts/personnel-changes';
import { workerContract } from '@hcm/contracts/workers';
import { organizationUnitContract } from '@hcm/contracts/organization';
import { ApprovalContractPages } from '@hcm/widgets';
import {
  Button,
  LIST_QUERY_PARAM,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ModuleContractPages,
  PrintDocumentButton,
  PrintSelectionButton,
  type ResourceListContext,
  goTo,
  notify,
  resourceRoutes,
  useUiTranslation,
  useAuthorities,
  useHasAuthority,
  WorkerAvatar,
} from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';
import { WorkerHistory } from './WorkerHistory.tsx';
import { RenewContractButton } from './RenewContractButton.tsx';
import { laborContractContract } from '@hcm/contracts/labor-contracts';
import { CHART_UNIT_PARAM } from '../chart/OrgChart.tsx';

/**
 * "New decision" on an employee's page: a menu of the decisions the user may create (position
 * assignment, resignation, reward...), each opening its form with the employee chosen.
 */
function NewDecisionMenu({ workerId }: { workerId: string }) {
  const { t, i18n } = useOrganizationTranslation();
  const authorities = useAuthorities();
  const kinds = PERSONNEL_CHANGE_CONTRACTS.filter(
    (contract) =>
      authorities &&
      hasAuthority(
        authorities.granted,
        `${contract.permission}.create` as PermissionCode,
        authorities.isRoot,
      ),
  );
  if (kinds.length === 0) return null;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button>{t('worker.newDecision')}</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {kinds.map((contract) => (
            <MenuItem
              key={contract.route}
              onClick={() => goTo(`${contract.route}/create?workerId=${encodeURIComponent(workerId)}`)}
            >
              {contract.title[i18n.language === 'en' ? 'en' : 'vi']}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

const workerKind = documentKindOf(workerContract);
const WORKER_PLACEHOLDERS = workerKind ? documentPlaceholders(workerKind) : [];

/**
 * The employee page's contract buttons: the contract list filtered to the employee (the list's
 * own `q` in the address, so its filter shows the employee and can be cleared), and the contract
 * form with the employee chosen.
 */
function WorkerActions({ record }: { record: { id: string } }) {
  const { t } = useOrganizationTranslation();
  const mayView = useHasAuthority('contract.view');
  const maySign = useHasAuthority('contract.create');
  const id = encodeURIComponent(record.id);
  const query = encodeURIComponent(JSON.stringify({ workerId: record.id }));
  return (
    <>
      {mayView && (
        <Button onClick={() => goTo(`/om/contract?${LIST_QUERY_PARAM}=${query}`)}>
          {t('worker.contracts')}
        </Button>
      )}
      {maySign && (
        <Button onClick={() => goTo(`/om/contract/create?workerId=${id}`)}>{t('worker.newContract')}</Button>
      )}
      <NewDecisionMenu workerId={record.id} />
      {/* the employee's own file (sơ yếu lý lịch) through a RECORDS template */}
      <PrintDocumentButton
        contract={workerContract}
        recordId={record.id}
        placeholders={WORKER_PLACEHOLDERS}
      />
    </>
  );
}

/**
 * An employee's page: their photo (or the default avatar of their gender), the contract buttons,
 * and their contracts and decisions below the record.
 */
const workerDetail = {
  renderValue: {
    avatar: (record: Record<string, unknown>) => (
      <WorkerAvatar
        size={96}
        name={String(record.fullName ?? '')}
        gender={typeof record.gender === 'string' ? record.gender : null}
        avatarId={typeof record.avatar === 'string' ? record.avatar : null}
      />
    ),
  },
  actions: (record: { id: string }) => <WorkerActions record={record} />,
  below: (record: { id: string }) => <WorkerHistory workerId={record.id} />,
};

/** A printable record's page (@hcm/contracts/documents): "Print" through its Word templates. */
function printDetail(contract: AnyResourceContract) {
  const kind = documentKindOf(contract);
  if (!kind) return undefined;
  const placeholders = documentPlaceholders(kind);
  return {
    actions: (record: Record<string, unknown> & { id: string }) => (
      <>
        <PrintDocumentButton contract={contract} recordId={record.id} placeholders={placeholders} />
        {contract === laborContractContract && <RenewContractButton record={record} />}
      </>
    ),
  };
}

/**
 * Every page of one contract (list, create, detail, update) through the UI kit's generic pages;
 * an approvable one (the labour contracts, the six decisions) with the approval engine's tabs,
 * actions and timeline around them (@hcm/widgets).
 */
export function ContractPages({ contract }: { contract: AnyResourceContract }) {
  const { t, i18n } = useUiTranslation();
  const detail = useMemo(
    () => (contract === workerContract ? workerDetail : printDetail(contract)),
    [contract],
  );
  // A unit just created is shown where it was added: in the chart, opened up to it (issue 27
  // "a new unit in the chart appears collapsed"); an edited one on its page, as usual.
  const form = useMemo(
    () =>
      contract === organizationUnitContract
        ? {
            onSaved: (saved: { id: string }) => {
              const created = window.location.pathname.endsWith('/create');
              void notify.success(
                t(created ? 'resource.created' : 'resource.updated', {
                  name: i18n.language === 'en' ? contract.singular.en : contract.singular.vi,
                }),
              );
              goTo(
                created
                  ? `${contract.route}?${CHART_UNIT_PARAM}=${encodeURIComponent(saved.id)}`
                  : resourceRoutes(contract).detail(saved.id),
              );
            },
          }
        : undefined,
    [contract, t, i18n.language],
  );
  // a printable record's list prints its selection through one template (a .zip of .docx)
  const list = useMemo(
    () =>
      documentKindOf(contract)
        ? {
            selectionActions: (context: ResourceListContext) => (
              <PrintSelectionButton contract={contract} ids={[...context.selected]} />
            ),
          }
        : undefined,
    [contract],
  );
  const pages = { detail, ...(form ? { form } : {}), ...(list ? { list } : {}) };
  if (contract.approvable) return <ApprovalContractPages contract={contract} {...pages} />;
  return <ModuleContractPages contract={contract} {...pages} />;
}
