import { positionCoefficientContract } from '@hcm/contracts/position-coefficients';
import type { ChildrenField } from '@hcm/contracts/resource';
import { matchResourcePage, type FieldInputProps } from '@hcm/ui';
import { useState, type ComponentType } from 'react';
import { ContractPages } from '../ContractPages.tsx';
import { useAdminLocation } from '../use-admin-location.ts';
import {
  CoefficientMatrixCreateInput,
  CoefficientMatrixInput,
  CoefficientMatrixView,
  ExportMatrixButton,
} from './CoefficientMatrix.tsx';
import type { MatrixRow } from './coefficient-matrix.ts';
import { ImportMatrixButton } from './ImportMatrixButton.tsx';

const contract = positionCoefficientContract;
const matrixField = contract.fields.salaryGrades as ChildrenField;

/**
 * Salary › payroll scale: the position salary coefficient tables. The list, the header's
 * fields, the form's layout, save, conflicts and the unsaved-changes guard are the kit's
 * generic pages; only the body, the grade × step matrix, is this app's own: an editor on the
 * form (a new table starting from the latest in force) and a read-only matrix on the detail page,
 * with its export and import as a workbook.
 */
export default function PositionCoefficientPages() {
  const { pathname } = useAdminLocation();
  // An import changes the record under the detail page: a new key reads it again.
  const [imports, setImports] = useState(0);
  const creating = matchResourcePage(contract, pathname)?.page === 'create';
  const matrix: ComponentType<FieldInputProps> = creating
    ? CoefficientMatrixCreateInput
    : CoefficientMatrixInput;
  return (
    <ContractPages
      key={imports}
      contract={contract}
      form={{ fieldComponents: { salaryGrades: matrix } }}
      detail={{
        actions: (record) => (
          <>
            <ExportMatrixButton id={record.id} />
            <ImportMatrixButton id={record.id} onImported={() => setImports((n) => n + 1)} />
          </>
        ),
        renderValue: {
          salaryGrades: (record) => (
            <CoefficientMatrixView field={matrixField} rows={(record.salaryGrades ?? []) as MatrixRow[]} />
          ),
        },
      }}
    />
  );
}
