import type { PayrollTemplateRecord } from '@hcm/contracts/payroll-templates';
import type { SalaryComponentRecord } from '@hcm/contracts/salary-components';
import type { HttpClient } from '../../../testing/http-client.ts';

/** A component as a test writes it: a formula makes it a FORMULA component. */
export interface ComponentInput {
  readonly code: string;
  readonly name?: string;
  readonly formula?: string;
  readonly valueType?: SalaryComponentRecord['valueType'];
  readonly category?: SalaryComponentRecord['category'];
  readonly roundingMode?: SalaryComponentRecord['roundingMode'];
  readonly roundingDigits?: number;
  readonly taxable?: boolean;
  readonly insurable?: boolean;
}

/** Makes salary components through the API as HR does; a refusal throws with the answer. */
export function componentFactory(http: HttpClient, token: string) {
  return async (input: ComponentInput): Promise<SalaryComponentRecord> => {
    const { formula, ...rest } = input;
    const res = await http.post<{ data: SalaryComponentRecord }>(
      '/api/pm/salary-components',
      { name: `Thành phần ${input.code}`, ...rest, ...(formula ? { source: 'FORMULA', formula } : {}) },
      token,
    );
    if (res.status !== 200)
      throw new Error(`component ${input.code}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
}

/** A template as a test writes it: its components by id, in order, and what else it says. */
export type TemplateInput = {
  readonly code: string;
  readonly name?: string;
  readonly componentIds?: readonly string[];
} & Record<string, unknown>;

/** Makes payroll templates through the API; a refusal throws with the answer. */
export function templateFactory(http: HttpClient, token: string) {
  return async ({ componentIds = [], ...rest }: TemplateInput): Promise<PayrollTemplateRecord> => {
    const res = await http.post<{ data: PayrollTemplateRecord }>(
      '/api/pm/payroll-templates',
      { name: `Mẫu ${rest.code}`, ...rest, components: componentIds.map((componentId) => ({ componentId })) },
      token,
    );
    if (res.status !== 200)
      throw new Error(`template ${rest.code}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
}
