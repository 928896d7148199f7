import type { WorkerKind, WorkingStatus } from '@hcm/contracts/workers';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  type AnyPgColumn,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of migration 0031. The foreign keys (tenant, unit, position, title,
 * ethnicity, religion, bank, and a child row's worker) live in the SQL only, the source
 * of truth (a mirror serves queries).
 */

const day = (name: string) => date(name, { mode: 'string' });

/** A tenant's employees, with their one-of-a-kind records as columns. */
export const workers = pgTable(
  'workers',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    fullName: varchar('full_name', { length: 100 }).notNull(),
    gender: varchar('gender', { length: 8 }).notNull(),
    dateOfBirth: day('date_of_birth'),
    organizationUnitId: uuid('organization_unit_id').notNull(),
    jobPositionId: uuid('job_position_id'),
    jobTitleId: uuid('job_title_id'),
    kind: varchar('kind', { length: 16 }).$type<WorkerKind>().notNull().default('OFFICIAL'),
    /** the folded name, code, e-mail and phone the contacts search matches (migration 0032) */
    searchText: text('search_text').generatedAlwaysAs(
      sql`hcm_fold(full_name || ' ' || code || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`,
    ),
    workingStatus: varchar('working_status', { length: 16 })
      .$type<WorkingStatus>()
      .notNull()
      .default('WORKING'),
    joinedDate: day('joined_date'),
    /** migration 0036: two categories the head-count statistics count by */
    natureOfWorkId: uuid('nature_of_work_id'),
    subjectOfLaborId: uuid('subject_of_labor_id'),
    /** migration 0035: the user account this employee signs in with (data scope SELF and UNITS) */
    userId: uuid('user_id'),
    /** migration 0034: the pay the salary reviews move */
    salaryGradeId: uuid('salary_grade_id'),
    salaryCoefficient: numeric('salary_coefficient', { precision: 6, scale: 2 }),
    salary: numeric('salary', { precision: 18, scale: 2 }),
    /** migration 0074: the step in the grade (payroll scale) and income-tax residency */
    salaryScale: varchar('salary_scale', { length: 1 }),
    taxResident: boolean('tax_resident').notNull().default(true),
    email: varchar('email', { length: 50 }),
    phone: varchar('phone', { length: 20 }),
    personalTaxCode: varchar('personal_tax_code', { length: 13 }),
    ethnicityId: uuid('ethnicity_id'),
    religionId: uuid('religion_id'),
    citizenIdentityNumber: varchar('citizen_identity_number', { length: 12 }),
    citizenIdentityIssueDate: day('citizen_identity_issue_date'),
    citizenIdentityIssuePlace: varchar('citizen_identity_issue_place', { length: 200 }),
    socialInsuranceNumber: varchar('social_insurance_number', { length: 10 }),
    socialInsuranceIssueDate: day('social_insurance_issue_date'),
    socialInsuranceIssuePlace: varchar('social_insurance_issue_place', { length: 200 }),
    permanentAddress: varchar('permanent_address', { length: 200 }),
    permanentProvinceCode: varchar('permanent_province_code', { length: 2 }),
    permanentWardCode: varchar('permanent_ward_code', { length: 5 }),
    temporaryProvinceCode: varchar('temporary_province_code', { length: 2 }),
    temporaryWardCode: varchar('temporary_ward_code', { length: 5 }),
    homeTownProvinceCode: varchar('home_town_province_code', { length: 2 }),
    homeTownWardCode: varchar('home_town_ward_code', { length: 5 }),
    temporaryAddress: varchar('temporary_address', { length: 200 }),
    homeTown: varchar('home_town', { length: 200 }),
    unionJoiningDate: day('union_joining_date'),
    partyReservedJoiningDate: day('party_reserved_joining_date'),
    partyOfficialJoiningDate: day('party_official_joining_date'),
    bloodGroup: varchar('blood_group', { length: 2 }),
    heightCm: integer('height_cm'),
    militaryId: varchar('military_id', { length: 20 }),
    militaryRank: varchar('military_rank', { length: 200 }),
    militaryEnlistDate: day('military_enlist_date'),
    militaryDischargeDate: day('military_discharge_date'),
    note: varchar('note', { length: 1000 }),
    // files of the storage service (migration 0039): the photo and the specimen signature
    avatar: uuid('avatar_id'),
    signature: uuid('signature_id'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'workers_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('workers_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('workers_code_idx').on(t.tenantId, t.code, t.id),
    index('workers_full_name_idx').on(t.tenantId, t.fullName, t.id),
    index('workers_unit_idx').on(t.tenantId, t.organizationUnitId, t.code, t.id),
    // which employee holds a file (migration 0044: resources/files/readable-files.ts)
    index('workers_avatar_idx').on(t.tenantId, t.avatar),
    index('workers_signature_idx').on(t.tenantId, t.signature),
  ],
);

/** The columns every child list of a worker starts with: the worker and the row's place (0, 1, …). */
const ofWorker = () => ({
  tenantId: uuid('tenant_id').notNull(),
  workerId: uuid('worker_id').notNull(),
  position: smallint('position').notNull(),
});
const keyOf =
  (name: string) => (t: { tenantId: AnyPgColumn; workerId: AnyPgColumn; position: AnyPgColumn }) => [
    primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.workerId, t.position] }),
  ];

export const workerAcademics = pgTable(
  'worker_academics',
  {
    ...ofWorker(),
    level: varchar('level', { length: 200 }).notNull(),
    institution: varchar('institution', { length: 200 }),
    occupation: varchar('occupation', { length: 200 }),
    degree: varchar('degree', { length: 200 }),
    graduationDate: day('graduation_date'),
    isAdvance: boolean('is_advance'),
  },
  keyOf('worker_academics'),
);

export const workerEmployments = pgTable(
  'worker_employments',
  {
    ...ofWorker(),
    fromDate: day('from_date').notNull(),
    toDate: day('to_date'),
    company: varchar('company', { length: 200 }).notNull(),
    job: varchar('job', { length: 200 }),
    description: varchar('description', { length: 1000 }),
  },
  keyOf('worker_employments'),
);

export const workerRelatedPersons = pgTable(
  'worker_related_persons',
  {
    ...ofWorker(),
    relation: varchar('relation', { length: 50 }).notNull(),
    fullName: varchar('full_name', { length: 100 }).notNull(),
    dateOfBirth: day('date_of_birth'),
    occupation: varchar('occupation', { length: 200 }),
    phone: varchar('phone', { length: 20 }),
    isDependant: boolean('is_dependant'),
  },
  keyOf('worker_related_persons'),
);

export const workerBankAccounts = pgTable(
  'worker_bank_accounts',
  {
    ...ofWorker(),
    bankId: uuid('bank_id').notNull(),
    accountNumber: varchar('account_number', { length: 20 }).notNull(),
    accountName: varchar('account_name', { length: 200 }),
    branch: varchar('branch', { length: 200 }),
    isDefault: boolean('is_default'),
  },
  keyOf('worker_bank_accounts'),
);

/** Research works the employee took part in (migration 0040). */
export const workerResearches = pgTable(
  'worker_researches',
  {
    ...ofWorker(),
    title: varchar('title', { length: 255 }).notNull(),
    role: varchar('role', { length: 100 }),
    level: varchar('level', { length: 100 }),
    fromDate: day('from_date'),
    toDate: day('to_date'),
    result: varchar('result', { length: 255 }),
  },
  keyOf('worker_researches'),
);

/** The channels the employee can be reached on beyond phone and e-mail (migration 0040). */
export const workerMedia = pgTable(
  'worker_media',
  {
    ...ofWorker(),
    kind: varchar('kind', { length: 16 }).notNull(),
    address: varchar('address', { length: 255 }).notNull(),
  },
  keyOf('worker_media'),
);

export const workerTables = {
  workers,
  workerResearches,
  workerMedia,
  workerAcademics,
  workerEmployments,
  workerRelatedPersons,
  workerBankAccounts,
};
