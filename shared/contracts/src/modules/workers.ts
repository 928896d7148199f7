import { FieldLimits, Patterns } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { ATTACHMENT_TYPES, f, type AreaField } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * Organisation › Employee list (catalogues §2.1, §2.3 "Employee list columns", §3 "Worker
 * (employee) detail, flattened from nested lists", §3.1, §5, §7.3): one contract drives the
 * table, the API, the list, the form with its sections and the import.
 *
 * The worker's one-of-a-kind records (citizen identity, social insurance, the three addresses,
 * union and party, health, military service) are fields of the worker, as the spec's detail is
 * flattened; the records a worker has several of (academics, employments, related persons,
 * bank accounts) are child lists edited in the same form.
 */

/** Catalogues §5.1 and §5.2, the patterns and lengths of a worker's numbers. */
export const WorkerPatterns = {
  /** citizen identity: 8 to 12 uppercase letters, digits, hyphen (and §5.2: 9 to 12 long) */
  citizenIdentity: describedPattern('^[A-Z0-9-]{8,12}$', 'citizenIdentity', '079203001234'),
  /** social insurance number: exactly 10 digits, underscore or dot */
  insuranceNumber: describedPattern('^[0-9_.]{10}$', 'insuranceNumber', '7912345678'),
  /**
   * personal tax code: 10 digits (13 with a branch suffix), or since 1 July 2025 the 12 digits of
   * the citizen identity (Circular 86/2024/TT-BTC); §5.2 allows up to 13
   */
  personalTaxCode: describedPattern('^([0-9]{10}|[0-9]{12}|[0-9]{13})$', 'personalTaxCode', '8012345678'),
  /** military identity: alphanumeric */
  militaryId: describedPattern('^[A-Za-z0-9]+$', 'militaryId', 'QN123456'),
  /** bank account number: 3 to 20 digits, dot or hyphen */
  bankAccountNumber: describedPattern('^[0-9.-]{3,20}$', 'bankAccountNumber', '0071-000-123456'),
} as const;

export const WorkerLimits = {
  identificationMin: 9,
  identificationMax: 12,
  militaryId: 20,
  insuranceNumber: 10,
  personalTaxCode: 13,
  /** a worker's full name (§5.1 "name … to 100") */
  fullName: 100,
  academics: 20,
  employments: 50,
  relatedPersons: 30,
  bankAccounts: 10,
  researches: 30,
  mediaInformation: 10,
  /** the papers of an employee's file (hồ sơ nhân sự) */
  files: 30,
} as const;

/** What a worker's photo and signature may be: raster images the server thumbnails (200×200). */
export const WORKER_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** The channels an employee can be reached on beyond phone and e-mail (media information). */
export const MEDIA_KINDS = ['ZALO', 'FACEBOOK', 'LINKEDIN', 'SKYPE', 'TELEGRAM', 'WEBSITE', 'OTHER'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const WORKING_STATUSES = ['WORKING', 'UNEMPLOYED'] as const;
export type WorkingStatus = (typeof WORKING_STATUSES)[number];
export const WORKER_KINDS = ['OFFICIAL', 'MILITARY_FORCE'] as const;
export type WorkerKind = (typeof WORKER_KINDS)[number];

const target = (resource: string, apiPath: string, display = 'name') => ({ resource, apiPath, display });
export const WORKER_TARGETS = {
  organizationUnit: target('organization_unit', '/api/om/organization-units'),
  position: target('position', '/api/om/positions'),
  jobTitle: target('job_title', '/api/om/job-titles'),
  ethnicity: target('ethnicity', '/api/om/ethnicities'),
  religion: target('religion', '/api/om/religions'),
  salaryGrade: target('salary_grade', '/api/om/salary-grades'),
  user: target('user', '/api/iam/users', 'username'),
  bank: target('bank', '/api/om/banks'),
  natureOfWork: target('nature_of_work', '/api/om/natures-of-work'),
  subjectOfLabor: target('subject_of_labor', '/api/om/subjects-of-labor'),
} as const;

const text = (key: string, vi: string, en: string, maxLength: number = FieldLimits.name) =>
  f.text({ label: label(`worker.${key}`, vi, en), maxLength });
const day = (key: string, vi: string, en: string) => f.date({ label: label(`worker.${key}`, vi, en) });
const phone = (key: string, vi: string, en: string) =>
  f.text({
    label: label(`worker.${key}`, vi, en),
    maxLength: FieldLimits.phoneMax,
    minLength: FieldLimits.phoneMin,
    pattern: Patterns.phone,
    example: (n) => `0987${String(n).padStart(6, '0')}`,
  });

/**
 * Where an address is (catalogues §3 "addresses … provinceCode, districtCode, wardCode and
 * names"): its province and its ward among the areas in force since 1 July 2025 (two levels, no
 * district), chosen from lists; the record answers each one's name beside the code, and the
 * address field keeps the house number and street.
 */
const STREET_HINT = label('worker.streetHint', 'Số nhà, đường, thôn/xóm', 'House number, street, hamlet');
export const ADDRESS_KINDS = ['permanent', 'temporary', 'homeTown'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
export const addressAreaFields = (kind: AddressKind) =>
  ({ province: `${kind}ProvinceCode`, ward: `${kind}WardCode` }) as const;
function addressArea<K extends AddressKind>(kind: K, vi: string, en: string) {
  const province = `${kind}ProvinceCode` as const;
  return {
    [province]: f.area({
      label: label(`worker.${kind}Province`, `Tỉnh/Thành phố (${vi})`, `Province (${en})`),
      level: 'province',
    }),
    [`${kind}WardCode`]: f.area({
      label: label(`worker.${kind}Ward`, `Phường/Xã (${vi})`, `Ward or commune (${en})`),
      level: 'ward',
      parent: province,
    }),
  } as Record<`${K}ProvinceCode` | `${K}WardCode`, AreaField<false>>;
}

const workerFields = {
  code: f.code({ label: label('worker.code', 'Mã nhân viên', 'Employee code'), autoNumber: 'employeeCode' }),
  fullName: f.text({
    label: label('worker.fullName', 'Họ và tên', 'Full name'),
    maxLength: WorkerLimits.fullName,
    required: true,
    example: (n) => `Nguyễn Văn ${String.fromCharCode(65 + (n % 26))}${n}`,
  }),
  gender: f.enumOf({
    label: label('worker.gender', 'Giới tính', 'Gender'),
    required: true,
    valueLabels: {
      MALE: label('gender.male', 'Nam', 'Male'),
      FEMALE: label('gender.female', 'Nữ', 'Female'),
      OTHER: label('gender.other', 'Khác', 'Other'),
    },
  }),
  dateOfBirth: day('dateOfBirth', 'Ngày sinh', 'Date of birth'),
  avatar: f.image({
    label: label('worker.avatar', 'Ảnh đại diện', 'Photo'),
    ownerType: 'AVATAR',
    accept: WORKER_IMAGE_TYPES,
    hint: label(
      'worker.avatarHint',
      'Ảnh chân dung, tối đa 5 MB; đồng nghiệp thấy ảnh này trong danh bạ và sơ đồ tổ chức',
      'A portrait, at most 5 MB; colleagues see it in the contacts and on the organisation chart',
    ),
  }),
  signature: f.image({
    label: label('worker.signature', 'Chữ ký mẫu', 'Specimen signature'),
    ownerType: 'SIGNATURE',
    accept: WORKER_IMAGE_TYPES,
    hint: label(
      'worker.signatureHint',
      'Ảnh chữ ký trên nền trắng hoặc trong suốt (PNG), tối đa 2 MB',
      'The signature on a white or transparent background (PNG best), at most 2 MB',
    ),
  }),
  organizationUnitId: f.reference({
    label: label('worker.organizationUnit', 'Đơn vị', 'Unit'),
    required: true,
    target: WORKER_TARGETS.organizationUnit,
  }),
  jobPositionId: f.reference({
    label: label('worker.jobPosition', 'Chức vụ', 'Position'),
    target: WORKER_TARGETS.position,
  }),
  jobTitleId: f.reference({
    label: label('worker.jobTitle', 'Chức danh', 'Job title'),
    target: WORKER_TARGETS.jobTitle,
  }),
  kind: f.enumOf({
    label: label('worker.kind', 'Đối tượng', 'Kind'),
    defaultValue: 'OFFICIAL',
    valueLabels: {
      OFFICIAL: label('worker.kinds.official', 'Chính thức', 'Official'),
      MILITARY_FORCE: label('worker.kinds.militaryForce', 'Lực lượng vũ trang', 'Military force'),
    } satisfies Record<WorkerKind, unknown>,
  }),
  workingStatus: f.enumOf({
    label: label('worker.workingStatus', 'Trạng thái làm việc', 'Working status'),
    defaultValue: 'WORKING',
    valueLabels: {
      WORKING: label('worker.workingStatuses.working', 'Đang làm việc', 'Working'),
      UNEMPLOYED: label('worker.workingStatuses.unemployed', 'Đã nghỉ việc', 'Left'),
    } satisfies Record<WorkingStatus, unknown>,
  }),
  joinedDate: day('joinedDate', 'Ngày vào làm', 'Joined on'),
  natureOfWorkId: f.reference({
    label: label('worker.natureOfWork', 'Tính chất công việc', 'Nature of work'),
    target: WORKER_TARGETS.natureOfWork,
  }),
  subjectOfLaborId: f.reference({
    label: label('worker.subjectOfLabor', 'Đối tượng lao động', 'Subject of labour'),
    target: WORKER_TARGETS.subjectOfLabor,
  }),
  // which account is this employee: what "my own record" and "the units I lead" are read from
  userId: f.reference({
    label: label('worker.user', 'Tài khoản đăng nhập', 'Sign-in account'),
    target: WORKER_TARGETS.user,
    unique: true,
    hint: label(
      'worker.userHint',
      'Tài khoản nhân viên dùng để đăng nhập: xác định hồ sơ của chính họ và các đơn vị họ quản lý',
      'The account the employee signs in with: it says which record is theirs and which units they lead',
    ),
  }),
  // the pay the salary reviews move (Organisation › Salary review); a contract says what was agreed
  salaryGradeId: f.reference({
    label: label('worker.salaryGrade', 'Ngạch lương', 'Salary grade'),
    target: WORKER_TARGETS.salaryGrade,
  }),
  salaryCoefficient: f.decimal({
    label: label('worker.salaryCoefficient', 'Hệ số lương', 'Salary coefficient'),
    precision: 6,
    scale: 2,
    minimum: '0',
  }),
  salary: f.money({ label: label('worker.salary', 'Mức lương (VNĐ)', 'Salary (VND)') }),
  // migration 0074: what payroll reads that the record lacked (docs/payroll-variables.md)
  salaryScale: f.enumOf({
    label: label('worker.salaryScale', 'Bậc lương', 'Salary step'),
    hint: label(
      'worker.salaryScaleHint',
      'Bậc trong ngạch lương: hệ số theo bảng hệ số lương chức vụ',
      'The step in the salary grade: its coefficient comes from the payroll scale',
    ),
    valueLabels: {
      '1': label('category.salaryGrade.scale1', 'Bậc 1', 'Step 1'),
      '2': label('category.salaryGrade.scale2', 'Bậc 2', 'Step 2'),
      '3': label('category.salaryGrade.scale3', 'Bậc 3', 'Step 3'),
      '4': label('category.salaryGrade.scale4', 'Bậc 4', 'Step 4'),
      '5': label('category.salaryGrade.scale5', 'Bậc 5', 'Step 5'),
    },
  }),
  taxResident: f.boolean({
    label: label('worker.taxResident', 'Cá nhân cư trú (thuế TNCN)', 'Resident for income tax'),
    hint: label(
      'worker.taxResidentHint',
      'Bỏ chọn cho cá nhân không cư trú: thuế 20 % trên thu nhập',
      'Clear for a non-resident: taxed 20 % of the income',
    ),
  }),
  email: f.text({
    label: label('worker.email', 'Email', 'Email'),
    maxLength: FieldLimits.email,
    pattern: Patterns.email,
    example: (n) => `worker${n}@example.vn`,
  }),
  phone: phone('phone', 'Điện thoại', 'Phone'),
  personalTaxCode: f.text({
    label: label('worker.personalTaxCode', 'Mã số thuế cá nhân', 'Personal tax code'),
    maxLength: WorkerLimits.personalTaxCode,
    pattern: WorkerPatterns.personalTaxCode,
    unique: true,
    example: (n) => `80${String(n).padStart(8, '0')}`,
  }),
  ethnicityId: f.reference({
    label: label('worker.ethnicity', 'Dân tộc', 'Ethnicity'),
    target: WORKER_TARGETS.ethnicity,
  }),
  religionId: f.reference({
    label: label('worker.religion', 'Tôn giáo', 'Religion'),
    target: WORKER_TARGETS.religion,
  }),
  citizenIdentityNumber: f.text({
    label: label('worker.citizenIdentityNumber', 'Số CCCD', 'Citizen identity number'),
    minLength: WorkerLimits.identificationMin,
    maxLength: WorkerLimits.identificationMax,
    pattern: WorkerPatterns.citizenIdentity,
    unique: true,
    example: (n) => `0790${String(n).padStart(8, '0')}`,
  }),
  citizenIdentityIssueDate: day('citizenIdentityIssueDate', 'Ngày cấp CCCD', 'Identity issued on'),
  citizenIdentityIssuePlace: text('citizenIdentityIssuePlace', 'Nơi cấp CCCD', 'Identity issued by'),
  socialInsuranceNumber: f.text({
    label: label('worker.socialInsuranceNumber', 'Số sổ BHXH', 'Social insurance number'),
    maxLength: WorkerLimits.insuranceNumber,
    pattern: WorkerPatterns.insuranceNumber,
    unique: true,
    example: (n) => `79${String(n).padStart(8, '0')}`,
  }),
  socialInsuranceIssueDate: day('socialInsuranceIssueDate', 'Ngày cấp sổ BHXH', 'Insurance book issued on'),
  socialInsuranceIssuePlace: text('socialInsuranceIssuePlace', 'Nơi cấp sổ BHXH', 'Insurance book issued by'),
  permanentAddress: f.text({
    label: label('worker.permanentAddress', 'Địa chỉ thường trú', 'Permanent address'),
    maxLength: FieldLimits.address,
    hint: STREET_HINT,
  }),
  ...addressArea('permanent', 'thường trú', 'permanent address'),
  temporaryAddress: f.text({
    label: label('worker.temporaryAddress', 'Địa chỉ tạm trú', 'Temporary address'),
    maxLength: FieldLimits.address,
    hint: STREET_HINT,
  }),
  ...addressArea('temporary', 'tạm trú', 'temporary address'),
  homeTown: f.text({
    label: label('worker.homeTown', 'Quê quán', 'Home town'),
    maxLength: FieldLimits.address,
    hint: STREET_HINT,
  }),
  ...addressArea('homeTown', 'quê quán', 'home town'),
  unionJoiningDate: day('unionJoiningDate', 'Ngày vào Công đoàn', 'Joined the union on'),
  partyReservedJoiningDate: day(
    'partyReservedJoiningDate',
    'Ngày vào Đảng (dự bị)',
    'Joined the party (reserve)',
  ),
  partyOfficialJoiningDate: day(
    'partyOfficialJoiningDate',
    'Ngày vào Đảng (chính thức)',
    'Joined the party (official)',
  ),
  bloodGroup: f.enumOf({
    label: label('worker.bloodGroup', 'Nhóm máu', 'Blood group'),
    valueLabels: {
      A: label('worker.bloodGroups.a', 'A', 'A'),
      B: label('worker.bloodGroups.b', 'B', 'B'),
      AB: label('worker.bloodGroups.ab', 'AB', 'AB'),
      O: label('worker.bloodGroups.o', 'O', 'O'),
    },
  }),
  heightCm: f.integer({
    label: label('worker.heightCm', 'Chiều cao (cm)', 'Height (cm)'),
    minimum: 50,
    maximum: 250,
  }),
  militaryId: f.text({
    label: label('worker.militaryId', 'Số hiệu quân nhân', 'Military identity'),
    maxLength: WorkerLimits.militaryId,
    pattern: WorkerPatterns.militaryId,
    example: (n) => `QN${String(n).padStart(6, '0')}`,
  }),
  militaryRank: text('militaryRank', 'Cấp bậc quân hàm', 'Military rank'),
  militaryEnlistDate: day('militaryEnlistDate', 'Ngày nhập ngũ', 'Enlisted on'),
  militaryDischargeDate: day('militaryDischargeDate', 'Ngày xuất ngũ', 'Discharged on'),
  // Derived from the employee's current main labour contract and dates (list columns and filters
  // only, never written): the server binding computes them in SQL (services/om/workers). The
  // current contract is the latest main contract (not an annex) that took effect by today, not
  // rejected or cancelled.
  contractTypeName: f.text({
    label: label('worker.contractTypeName', 'Loại hợp đồng', 'Contract type'),
    maxLength: FieldLimits.name,
    readOnly: true,
  }),
  contractExpiryDate: f.date({
    label: label('worker.contractExpiryDate', 'Ngày hết hạn hợp đồng', 'Contract expires on'),
    readOnly: true,
  }),
  /** the current contract's type has the code PROBATION (PROBATION_CONTRACT_TYPE_CODE) */
  onProbation: f.boolean({
    label: label('worker.onProbation', 'Đang thử việc', 'On probation'),
    readOnly: true,
  }),
  probationEndDate: f.date({
    label: label('worker.probationEndDate', 'Ngày hết thử việc', 'Probation ends on'),
    readOnly: true,
  }),
  /** whole months since the joining date, shown as years and months ("3 năm 2 tháng") */
  seniorityMonths: f.integer({
    label: label('worker.seniorityMonths', 'Thâm niên', 'Seniority'),
    minimum: 0,
    readOnly: true,
    shownAs: 'yearsAndMonths',
  }),
  note: f.text({
    label: label('worker.note', 'Ghi chú', 'Note'),
    maxLength: FieldLimits.note,
    multiline: true,
  }),
  files: f.files({
    label: label('worker.files', 'Hồ sơ giấy tờ', 'Papers'),
    ownerType: 'WORKER_FILE',
    accept: ATTACHMENT_TYPES,
    maxItems: WorkerLimits.files,
    hint: label(
      'worker.filesHint',
      'Sơ yếu lý lịch, bằng cấp, giấy khám sức khoẻ, bản chụp giấy tờ tuỳ thân',
      'CV, diplomas, health certificate, copies of identity papers',
    ),
  }),
  academics: f.children({
    label: label('worker.academics', 'Trình độ học vấn', 'Education'),
    maxItems: WorkerLimits.academics,
    fields: {
      level: f.text({
        label: label('worker.academic.level', 'Trình độ', 'Level'),
        maxLength: FieldLimits.name,
        required: true,
        example: () => 'Đại học',
      }),
      institution: text('academic.institution', 'Nơi đào tạo', 'Institution'),
      occupation: text('academic.occupation', 'Chuyên ngành', 'Major'),
      degree: text('academic.degree', 'Văn bằng', 'Degree'),
      graduationDate: day('academic.graduationDate', 'Ngày tốt nghiệp', 'Graduated on'),
      isAdvance: f.boolean({
        label: label('worker.academic.isAdvance', 'Đào tạo nâng cao', 'Advanced training'),
        hint: label(
          'worker.academic.isAdvanceHint',
          'Học thêm sau khi được tuyển dụng',
          'Studied after being recruited',
        ),
      }),
    },
  }),
  employments: f.children({
    label: label('worker.employments', 'Quá trình công tác', 'Employment history'),
    maxItems: WorkerLimits.employments,
    fields: {
      fromDate: f.date({ label: label('worker.employment.fromDate', 'Từ ngày', 'From'), required: true }),
      toDate: day('employment.toDate', 'Đến ngày', 'To'),
      company: f.text({
        label: label('worker.employment.company', 'Nơi làm việc', 'Employer'),
        maxLength: FieldLimits.name,
        required: true,
        example: (n) => `Công ty ${n}`,
      }),
      job: text('employment.job', 'Chức vụ, công việc', 'Job'),
      description: f.text({ label: CommonLabels.description, maxLength: FieldLimits.description }),
    },
  }),
  relatedPersons: f.children({
    label: label('worker.relatedPersons', 'Quan hệ gia đình', 'Family'),
    maxItems: WorkerLimits.relatedPersons,
    fields: {
      relation: f.text({
        label: label('worker.relatedPerson.relation', 'Quan hệ', 'Relation'),
        maxLength: 50,
        required: true,
        example: () => 'Vợ',
      }),
      fullName: f.text({
        label: label('worker.relatedPerson.fullName', 'Họ và tên', 'Full name'),
        maxLength: WorkerLimits.fullName,
        required: true,
        example: (n) => `Trần Thị ${n}`,
      }),
      dateOfBirth: day('relatedPerson.dateOfBirth', 'Ngày sinh', 'Date of birth'),
      occupation: text('relatedPerson.occupation', 'Nghề nghiệp', 'Occupation'),
      phone: phone('relatedPerson.phone', 'Điện thoại', 'Phone'),
      isDependant: f.boolean({
        label: label('worker.relatedPerson.isDependant', 'Người phụ thuộc', 'Dependant'),
        hint: label(
          'worker.relatedPerson.isDependantHint',
          'Được giảm trừ gia cảnh khi tính thuế TNCN',
          'Counted for the family deduction of income tax',
        ),
      }),
    },
  }),
  researches: f.children({
    label: label('worker.researches', 'Nghiên cứu khoa học', 'Research'),
    maxItems: WorkerLimits.researches,
    fields: {
      title: f.text({
        label: label('worker.research.title', 'Tên đề tài, công trình', 'Title'),
        maxLength: 255,
        required: true,
        example: (n) => `Đề tài nghiên cứu ${n}`,
      }),
      role: text('research.role', 'Vai trò', 'Role', 100),
      level: text('research.level', 'Cấp đề tài', 'Level', 100),
      fromDate: day('research.fromDate', 'Từ ngày', 'From'),
      toDate: day('research.toDate', 'Đến ngày', 'To'),
      result: text('research.result', 'Kết quả nghiệm thu', 'Result', 255),
    },
  }),
  mediaInformation: f.children({
    label: label('worker.mediaInformation', 'Mạng xã hội, liên lạc khác', 'Other channels'),
    maxItems: WorkerLimits.mediaInformation,
    fields: {
      kind: f.enumOf({
        label: label('worker.media.kind', 'Kênh', 'Channel'),
        required: true,
        valueLabels: {
          ZALO: label('worker.mediaKinds.zalo', 'Zalo', 'Zalo'),
          FACEBOOK: label('worker.mediaKinds.facebook', 'Facebook', 'Facebook'),
          LINKEDIN: label('worker.mediaKinds.linkedin', 'LinkedIn', 'LinkedIn'),
          SKYPE: label('worker.mediaKinds.skype', 'Skype', 'Skype'),
          TELEGRAM: label('worker.mediaKinds.telegram', 'Telegram', 'Telegram'),
          WEBSITE: label('worker.mediaKinds.website', 'Trang web', 'Website'),
          OTHER: label('worker.mediaKinds.other', 'Khác', 'Other'),
        } satisfies Record<MediaKind, unknown>,
      }),
      address: f.text({
        label: label('worker.media.address', 'Tài khoản hoặc địa chỉ', 'Account or address'),
        maxLength: 255,
        required: true,
        example: (n) => `https://zalo.me/0987${String(n).padStart(6, '0')}`,
      }),
    },
  }),
  bankAccounts: f.children({
    label: label('worker.bankAccounts', 'Tài khoản ngân hàng', 'Bank accounts'),
    maxItems: WorkerLimits.bankAccounts,
    fields: {
      bankId: f.reference({
        label: label('worker.bankAccount.bank', 'Ngân hàng', 'Bank'),
        required: true,
        target: WORKER_TARGETS.bank,
      }),
      accountNumber: f.text({
        label: label('worker.bankAccount.accountNumber', 'Số tài khoản', 'Account number'),
        maxLength: 20,
        minLength: 3,
        pattern: WorkerPatterns.bankAccountNumber,
        required: true,
        unique: true,
        example: (n) => `0071${String(n).padStart(9, '0')}`,
      }),
      accountName: text('bankAccount.accountName', 'Chủ tài khoản', 'Account holder'),
      branch: text('bankAccount.branch', 'Chi nhánh', 'Branch'),
      isDefault: f.boolean({
        label: label('worker.bankAccount.isDefault', 'Nhận lương', 'Salary account'),
      }),
    },
  }),
};

/**
 * What an employee may change on their own record (issue 11 "edits only what HR allows"): how to
 * reach them, where they live, their health, family, education, past work and the bank account
 * their pay goes to. Their work, pay, status, identity papers and name are HR's: anyone but a
 * user who reaches the whole organisation is refused those on their own record (a manager
 * included: nobody raises their own salary).
 */
export const WORKER_SELF_SERVICE_FIELDS = [
  'email',
  'phone',
  'permanentAddress',
  'permanentProvinceCode',
  'permanentWardCode',
  'temporaryAddress',
  'temporaryProvinceCode',
  'temporaryWardCode',
  'homeTown',
  'homeTownProvinceCode',
  'homeTownWardCode',
  'bloodGroup',
  'heightCm',
  'relatedPersons',
  'academics',
  'employments',
  'researches',
  'mediaInformation',
  'bankAccounts',
] as const satisfies readonly (keyof typeof workerFields)[];

const MILITARY_SECTION = label('worker.section.military', 'Quân sự', 'Military service');

/**
 * What HR may let employees change on their own record (System › Configuration, "Employee
 * self-service"; the default is WORKER_SELF_SERVICE_FIELDS): their personal data, never their
 * work, pay, status, code, name, sign-in account, photo or papers.
 */
export const WORKER_SELF_SERVICE_CHOICES = [
  ...WORKER_SELF_SERVICE_FIELDS,
  'dateOfBirth',
  'ethnicityId',
  'religionId',
  'citizenIdentityNumber',
  'citizenIdentityIssueDate',
  'citizenIdentityIssuePlace',
  'socialInsuranceNumber',
  'socialInsuranceIssueDate',
  'socialInsuranceIssuePlace',
  'personalTaxCode',
  'unionJoiningDate',
  'partyReservedJoiningDate',
  'partyOfficialJoiningDate',
  'militaryId',
  'militaryRank',
  'militaryEnlistDate',
  'militaryDischargeDate',
] as const satisfies readonly (keyof typeof workerFields)[];
export type WorkerSelfServiceField = (typeof WORKER_SELF_SERVICE_CHOICES)[number];

/** The columns a worker's export and import template both start with. */
const SHEET_COLUMNS = [
  'code',
  'fullName',
  'gender',
  'dateOfBirth',
  'organizationUnitId',
  'jobPositionId',
  'jobTitleId',
  'kind',
  'workingStatus',
  'joinedDate',
  'email',
  'phone',
  'personalTaxCode',
  'citizenIdentityNumber',
] as const;

/**
 * Organisation › Employee list: the tenant's workers. Searched by code, name, e-mail and phone;
 * filtered by unit, position, job title, working status and kind; sorted by code by default (the
 * spec's "workers by username": a worker's code is what HR sorts and looks people up by).
 */
export const workerContract = defineContract({
  service: 'om',
  level: 'tenant',
  path: 'workers',
  route: '/om/employee',
  permission: 'worker',
  title: ResourceTitles.worker,
  singular: label('worker.singular', 'Nhân viên', 'Employee'),
  fields: workerFields,
  columns: [
    'code',
    'fullName',
    'organizationUnitId',
    'jobPositionId',
    'jobTitleId',
    'workingStatus',
    'phone',
  ],
  // a desktop's width holds the columns above; these come through the list's column chooser
  optionalColumns: [
    'joinedDate',
    'seniorityMonths',
    'contractTypeName',
    'contractExpiryDate',
    'onProbation',
    'probationEndDate',
    'dateOfBirth',
    'email',
    'gender',
    'kind',
  ],
  // a workflow step assigned to a position offers its workers' accounts (@hcm/widgets
  // workflow-assignment): the auto-complete's rows carry the account
  listExtras: ['userId'],
  keyword: ['code', 'fullName', 'email', 'phone'],
  filters: [
    'organizationUnitId',
    'jobPositionId',
    'jobTitleId',
    'workingStatus',
    'kind',
    'gender',
    'joinedDate',
    'contractTypeName',
    'contractExpiryDate',
    'onProbation',
    'probationEndDate',
  ],
  sort: [
    'code',
    'fullName',
    'dateOfBirth',
    'joinedDate',
    'seniorityMonths',
    'contractExpiryDate',
    'probationEndDate',
    'createdAt',
    'lastModifiedAt',
  ],
  defaultSort: { field: 'code', direction: 'asc' },
  // a worker is not switched ACTIVE/INACTIVE: they work or have left (workingStatus)
  without: ['status'],
  sections: [
    {
      title: label('worker.section.general', 'Thông tin chung', 'General'),
      // the pictures last: two tall cells side by side rather than gaps among the short ones
      fields: [
        'code',
        'fullName',
        'gender',
        'dateOfBirth',
        'ethnicityId',
        'religionId',
        'avatar',
        'signature',
      ],
    },
    {
      title: label('worker.section.work', 'Công việc', 'Work'),
      fields: [
        'organizationUnitId',
        'jobPositionId',
        'jobTitleId',
        'kind',
        'workingStatus',
        'joinedDate',
        'natureOfWorkId',
        'subjectOfLaborId',
        'userId',
      ],
    },
    {
      title: label('worker.section.salary', 'Lương', 'Pay'),
      fields: ['salaryGradeId', 'salaryScale', 'salaryCoefficient', 'salary', 'taxResident'],
    },
    {
      title: label('worker.section.contact', 'Liên hệ và địa chỉ', 'Contact and addresses'),
      // an address a row: province, ward, street (three columns on a desktop)
      fields: [
        'permanentProvinceCode',
        'permanentWardCode',
        'permanentAddress',
        'temporaryProvinceCode',
        'temporaryWardCode',
        'temporaryAddress',
        'homeTownProvinceCode',
        'homeTownWardCode',
        'homeTown',
        'email',
        'phone',
        'mediaInformation',
      ],
    },
    {
      title: label('worker.section.identification', 'Giấy tờ tuỳ thân', 'Identification'),
      fields: [
        'citizenIdentityNumber',
        'citizenIdentityIssueDate',
        'citizenIdentityIssuePlace',
        'socialInsuranceNumber',
        'socialInsuranceIssueDate',
        'socialInsuranceIssuePlace',
        'personalTaxCode',
      ],
    },
    {
      title: label('worker.section.parties', 'Đoàn thể, sức khoẻ', 'Union, party and health'),
      fields: [
        'unionJoiningDate',
        'partyReservedJoiningDate',
        'partyOfficialJoiningDate',
        'bloodGroup',
        'heightCm',
      ],
    },
    {
      title: MILITARY_SECTION,
      fields: ['militaryId', 'militaryRank', 'militaryEnlistDate', 'militaryDischargeDate'],
    },
    { title: label('worker.section.academics', 'Học vấn', 'Education'), fields: ['academics'] },
    {
      title: label('worker.section.employments', 'Quá trình công tác', 'Employment history'),
      fields: ['employments'],
    },
    { title: label('worker.section.research', 'Nghiên cứu khoa học', 'Research'), fields: ['researches'] },
    { title: label('worker.section.family', 'Gia đình', 'Family'), fields: ['relatedPersons'] },
    { title: label('worker.section.bank', 'Ngân hàng', 'Bank accounts'), fields: ['bankAccounts', 'note'] },
    { title: label('worker.section.files', 'Hồ sơ giấy tờ', 'Papers'), fields: ['files'] },
  ],
  exportColumns: [
    ...SHEET_COLUMNS,
    'socialInsuranceNumber',
    'permanentAddress',
    'permanentWardCode',
    'permanentProvinceCode',
    'createdAt',
    'lastModifiedAt',
  ],
  // each sheet row names an employee by code: family, education and past work are added to their
  // lists, the military service fields set (catalogues §2.1 "imports for related persons,
  // military, academic, employments")
  subImports: {
    'related-persons': { list: 'relatedPersons' },
    academics: { list: 'academics' },
    employments: { list: 'employments' },
    military: {
      fields: ['militaryId', 'militaryRank', 'militaryEnlistDate', 'militaryDischargeDate'],
      title: MILITARY_SECTION,
    },
  },
  importColumns: [
    ...SHEET_COLUMNS,
    'citizenIdentityIssueDate',
    'citizenIdentityIssuePlace',
    'socialInsuranceNumber',
    // each address as the form has it: province, ward (by code or name), house number and street
    'permanentProvinceCode',
    'permanentWardCode',
    'permanentAddress',
    'temporaryProvinceCode',
    'temporaryWardCode',
    'temporaryAddress',
    'homeTownProvinceCode',
    'homeTownWardCode',
    'homeTown',
  ],
});
export type WorkerRecord = RecordOf<typeof workerContract>;

/** GET /api/om/workers/auto-complete and /auto-complete-all: narrowed by positions or job titles. */
export const WorkerAutoCompleteParams = {
  jobPositionIds: 'jobPositionIds',
  jobTitleIds: 'jobTitleIds',
  organizationUnitIds: 'organizationUnitIds',
} as const;

// ------------------------------------------------------------------------------------ contacts

/**
 * GET /api/om/contacts (contacts.view): the colleagues' directory every employee searches (issue
 * 11, item 6). Working workers only, with what a colleague needs to reach them and nothing more
 * (no identity, address or salary data).
 */
export const CONTACTS_PATH = '/api/om/contacts';
export const CONTACT_SORTS = ['fullName.asc', 'code.asc', 'organizationUnitName.asc'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

export interface ContactCard {
  readonly id: string;
  readonly code: string;
  readonly fullName: string;
  readonly gender: string;
  /** their photo (GET /api/storage/files/{id}/thumbnail); null: the default avatar of their gender */
  readonly avatarId: string | null;
  readonly organizationUnitId: string;
  readonly organizationUnitName: string;
  readonly jobPositionName: string | null;
  readonly jobTitleName: string | null;
  readonly phone: string | null;
  readonly email: string | null;
}

/** The directory's query: a keyword (accents and case ignored), a unit (with the units below it). */
export interface ContactQuery {
  readonly keyword?: string;
  readonly organizationUnitId?: string;
  readonly pageIndex?: number;
  readonly pageSize?: number;
  readonly sortBy?: ContactSort;
}
