import { Suspense, lazy, useEffect, useMemo, useRef } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { hasAuthority, type PermissionCode } from '@hcm/contracts';
import { documentKindOf, documentPlaceholders } from '@hcm/contracts/documents';
import { PERSONNEL_CHANGE_CONTRACTS } from '@hcm/contracts/personnel-changes';
import { workerContract } from '@hcm/contracts/workers';
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
  goTo,
  loadResourceKit,
  useAuthorities,
  useHasAuthority,
  WorkerAvatar,
  type FieldInputProps,
} from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';
import { WorkerHistory } from './WorkerHistory.tsx';

const FieldInput = lazy(() => loadResourceKit().then((kit) => ({ default: kit.FieldInput })));

/**
 * A reference input of the create form filled from the query parameter of its own name, once:
 * the chart's "add a unit under it" (`?parentId=`), an employee's "new contract"
 * (`?workerId=`). The user sees the chosen record's name and may change it. The generic form
 * has no way to preset a field, hence this wrapper.
 */
function PresetInput(props: FieldInputProps) {
  const applied = useRef(false);
  const { binding, name } = props;
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const preset = new URLSearchParams(window.location.search).get(name);
    if (preset && !binding.value) binding.onChange(preset);
  }, [binding, name]);
  return (
    <Suspense fallback={null}>
      <FieldInput {...props} />
    </Suspense>
  );
}

const formOptions = { fieldComponents: { parentId: PresetInput, workerId: PresetInput } };

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
    actions: (record: { id: string }) => (
      <PrintDocumentButton contract={contract} recordId={record.id} placeholders={placeholders} />
    ),
  };
}

/**
 * Every page of one contract (list, create, detail, update) through the UI kit's generic pages;
 * an approvable one (the labour contracts, the six decisions) with the approval engine's tabs,
 * actions and timeline around them (@hcm/widgets).
 */
export function ContractPages({ contract }: { contract: AnyResourceContract }) {
  const detail = useMemo(
    () => (contract === workerContract ? workerDetail : printDetail(contract)),
    [contract],
  );
  if (contract.approvable)
    return <ApprovalContractPages contract={contract} form={formOptions} detail={detail} />;
  return <ModuleContractPages contract={contract} form={formOptions} detail={detail} />;
}
