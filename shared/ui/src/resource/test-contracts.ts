import { FieldLimits } from '@hcm/contracts';
import { jobTitleContract } from '@hcm/contracts/categories';
import { CommonLabels, defineContract, f, label } from '@hcm/contracts/resource';

/**
 * A contract of every common kind for the kit's browser tests: the job title permission, a
 * path of its own. Its labels are test labels (the `test.` keys), registered like any other.
 */
export const contractTestContract = defineContract({
  service: 'om',
  path: 'test-contracts',
  route: '/setting/test-contracts',
  permission: 'job_title',
  level: 'tenant',
  title: label('test.contract.title', 'Hợp đồng thử', 'Test contracts'),
  singular: label('test.contract.singular', 'Hợp đồng thử', 'Test contract'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    salary: f.money({ label: label('test.contract.salary', 'Lương', 'Salary'), required: true }),
    startDate: f.date({ label: label('test.contract.startDate', 'Ngày bắt đầu', 'Start date') }),
    kind: f.enumOf({
      label: label('test.contract.kind', 'Loại hợp đồng', 'Kind'),
      valueLabels: {
        FIXED: label('test.contract.kindFixed', 'Có thời hạn', 'Fixed term'),
        OPEN: label('test.contract.kindOpen', 'Không thời hạn', 'Open-ended'),
      },
      defaultValue: 'FIXED',
    }),
    remote: f.boolean({ label: label('test.contract.remote', 'Làm từ xa', 'Remote') }),
    jobTitle: f.reference({
      label: label('test.contract.jobTitle', 'Chức danh', 'Job title'),
      target: { resource: 'job_title', apiPath: jobTitleContract.apiPath, display: 'name' },
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'salary', 'startDate', 'kind', 'remote', 'status'],
  keyword: ['code', 'name'],
  filters: ['status', 'kind'],
  sort: ['code', 'name', 'salary', 'startDate'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'salary', 'kind'] },
    {
      title: label('test.contract.terms', 'Điều khoản', 'Terms'),
      fields: ['startDate', 'remote', 'jobTitle'],
    },
  ],
});

export { jobTitleContract };
