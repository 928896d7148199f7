import { Suspense, lazy, useEffect, useRef } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { workerContract } from '@hcm/contracts/workers';
import {
  Button,
  LIST_QUERY_PARAM,
  ModuleContractPages,
  goTo,
  loadResourceKit,
  useHasAuthority,
  type FieldInputProps,
} from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';

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
    </>
  );
}

const workerDetail = { actions: (record: { id: string }) => <WorkerActions record={record} /> };

/** Every page of one contract (list, create, detail, update) through the UI kit's generic pages. */
export function ContractPages({ contract }: { contract: AnyResourceContract }) {
  const detail = contract === workerContract ? workerDetail : undefined;
  return <ModuleContractPages contract={contract} form={formOptions} detail={detail} />;
}
