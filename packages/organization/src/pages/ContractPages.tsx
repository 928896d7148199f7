import { Suspense, lazy, useEffect, useRef } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { ModuleContractPages, loadResourceKit, type FieldInputProps } from '@hcm/ui';

const FieldInput = lazy(() => loadResourceKit().then((kit) => ({ default: kit.FieldInput })));

/**
 * The parent unit's input of the create and update forms: the kit's own reference picker (found
 * by name or code), filled on the create form from `?parentId=` once (the chart's "add a unit
 * under it"), so the user sees the parent's name and may change it. The generic form has no way
 * to preset a field, hence this wrapper.
 */
function PresetParentInput(props: FieldInputProps) {
  const applied = useRef(false);
  const { binding } = props;
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const preset = new URLSearchParams(window.location.search).get('parentId');
    if (preset && !binding.value) binding.onChange(preset);
  }, [binding]);
  return (
    <Suspense fallback={null}>
      <FieldInput {...props} />
    </Suspense>
  );
}

const formOptions = { fieldComponents: { parentId: PresetParentInput } };

/** Every page of one contract (list, create, detail, update) through the UI kit's generic pages. */
export function ContractPages({ contract }: { contract: AnyResourceContract }) {
  return <ModuleContractPages contract={contract} form={formOptions} />;
}
