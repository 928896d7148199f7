import type { DocumentTemplateSubType, DocumentTemplateType } from '@hcm/contracts/settings';
import type { Block, Paragraph, Run } from './wordprocessing.ts';

/*
 * The starter document templates' texts (README "Seed data", "Starter document templates"):
 * Vietnamese administrative papers laid out as Decree 30/2020/ND-CP shows them — the company
 * and the paper's number on the left, the national motto on the right, the place and date, the
 * title, the legal grounds ("Căn cứ …"), the articles and the signatures — written with the
 * merge fields of @hcm/contracts/documents only (`{worker.fullName}`, `{decisionDate.day}` …).
 * The place before the date is left as dots: the tenant's city is not recorded anywhere, and an
 * administrator edits it in once (Quản trị › Mẫu văn bản).
 */

/** One starter template: its record's name and type, and its file (seed-data/documents/<file>). */
export interface StarterDocument {
  readonly file: string;
  readonly name: string;
  readonly type: DocumentTemplateType;
  readonly subTypes?: readonly DocumentTemplateSubType[];
  readonly note: string;
  readonly blocks: readonly Block[];
}

const run = (text: string, style: Omit<Run, 'text'> = {}): Run => ({ text, ...style });
const b = (text: string) => run(text, { bold: true });
const i = (text: string) => run(text, { italic: true });

type Style = Omit<Paragraph, 'kind' | 'runs'>;
const para = (runs: Run | string | readonly (Run | string)[], style: Style = {}): Paragraph => ({
  kind: 'paragraph',
  runs: (Array.isArray(runs) ? runs : [runs]).map((item: Run | string) =>
    typeof item === 'string' ? run(item) : item,
  ),
  ...style,
});
/** A paragraph of the body: justified, its first line indented 1 cm. */
const body = (...runs: (Run | string)[]) => para(runs, { indent: 1 });
const centered = (runs: Run | string | readonly (Run | string)[], style: Style = {}) =>
  para(runs, { align: 'center', after: 0, ...style });

/** The heading: the company and the paper's number on the left, the national motto on the right. */
function heading(numberLine: string, date: string): Block[] {
  return [
    {
      kind: 'columns',
      leftShare: 42,
      left: [
        centered(b('{company.name}')),
        centered('―――――――'),
        centered(`Số: ${numberLine}`, { before: 4 }),
      ],
      right: [
        centered(b('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM')),
        centered(b('Độc lập - Tự do - Hạnh phúc')),
        centered('―――――――――――――――'),
        centered(i(`……………, ngày {${date}.day} tháng {${date}.month} năm {${date}.year}`), { before: 4 }),
      ],
    },
  ];
}

/** The title and the line below it ("Về việc …"). */
const title = (text: string, about?: string): Block[] => [
  centered(run(text, { bold: true, size: 14 }), { before: 18 }),
  ...(about ? [centered(b(about))] : []),
  centered('―――――', { after: 12 }),
];

/** The legal grounds every decision of an employer cites. */
const decisionGrounds = (...more: string[]): Block[] => [
  centered(b('GIÁM ĐỐC {company.name}'), { after: 12 }),
  body(i('Căn cứ Bộ luật Lao động số 45/2019/QH14 ngày 20 tháng 11 năm 2019;')),
  body(i('Căn cứ Điều lệ tổ chức và hoạt động của {company.name};')),
  ...more.map((line) => body(i(line))),
  body(i('Xét đề nghị của Trưởng phòng Hành chính - Nhân sự,')),
  centered(b('QUYẾT ĐỊNH:'), { before: 6, after: 6 }),
];

const article = (number: number, ...runs: (Run | string)[]) => body(b(`Điều ${number}. `), ...runs);
const bullet = (...runs: (Run | string)[]) => body('- ', ...runs);

/** Who the decision is about: their name, code, title and unit. */
const person =
  'Ông/Bà {worker.fullName}, mã nhân viên {worker.code}, chức danh {worker.jobTitle}, {worker.organizationUnit}';

/** The executing article and the signatures of a decision. */
function decisionEnd(article3: number, effective: string): Block[] {
  return [
    article(
      article3,
      `Quyết định này có hiệu lực kể từ ngày ${effective}. Phòng Hành chính - Nhân sự, Phòng Tài chính - Kế toán, các đơn vị có liên quan và Ông/Bà {worker.fullName} chịu trách nhiệm thi hành Quyết định này./.`,
    ),
    {
      kind: 'columns',
      leftShare: 50,
      left: [
        para([run('Nơi nhận:', { bold: true, italic: true, size: 12 })], {
          align: 'left',
          before: 12,
          after: 0,
        }),
        para(run(`- Như Điều ${article3};`, { size: 11 }), { align: 'left', after: 0 }),
        para(run('- Lưu: VT, HCNS.', { size: 11 }), { align: 'left', after: 0 }),
      ],
      right: [centered(b('GIÁM ĐỐC'), { before: 12 }), centered(i('(Ký, ghi rõ họ tên và đóng dấu)'))],
    },
  ];
}

/** The two parties' signatures of a contract. */
const contractSignatures: Block = {
  kind: 'columns',
  leftShare: 50,
  left: [
    centered(b('NGƯỜI LAO ĐỘNG'), { before: 12 }),
    centered(i('(Ký, ghi rõ họ tên)'), { after: 60 }),
    centered(b('{worker.fullName}')),
  ],
  right: [
    centered(b('NGƯỜI SỬ DỤNG LAO ĐỘNG'), { before: 12 }),
    centered(i('(Ký, ghi rõ họ tên và đóng dấu)')),
  ],
};

/** The employer and the employee, as a contract names them. */
const parties: Block[] = [
  body(b('Bên A (Người sử dụng lao động): {company.name}')),
  bullet('Mã số thuế: {company.taxCode}'),
  bullet('Địa chỉ: {company.address}'),
  bullet('Điện thoại: {company.phone}; Email: {company.email}'),
  bullet('Người đại diện: ……………………………… Chức vụ: Giám đốc'),
  body(b('Bên B (Người lao động): {worker.fullName}')),
  bullet('Mã nhân viên: {worker.code}; Giới tính: {worker.gender}; Ngày sinh: {worker.dateOfBirth}'),
  bullet(
    'Số CCCD: {worker.citizenIdentityNumber}, cấp ngày {worker.citizenIdentityIssueDate} tại {worker.citizenIdentityIssuePlace}',
  ),
  bullet('Địa chỉ thường trú: {worker.permanentAddress}, {worker.permanentWard}, {worker.permanentProvince}'),
  bullet('Điện thoại: {worker.phone}; Email: {worker.email}'),
];

/** A contract's salary and allowances (a loop over its allowances, one line each). */
const pay = (salaryLine: string): Block[] => [
  bullet(`${salaryLine}: {salary} đồng/tháng (Bằng chữ: {salary.inWords}).`),
  bullet('Phụ cấp:'),
  para('{#allowances}', { indent: 1, after: 0 }),
  para('+ {allowanceType}: {amount} đồng/tháng (Bằng chữ: {amount.inWords});', { indent: 1.5, after: 0 }),
  para('{/allowances}', { indent: 1, after: 6 }),
  bullet('Hình thức trả lương: chuyển khoản, mỗi tháng một lần, chậm nhất ngày 10 của tháng sau.'),
];

const laborContract: StarterDocument = {
  file: 'hop-dong-lao-dong.docx',
  name: 'Hợp đồng lao động',
  type: 'CONTRACT',
  subTypes: ['OFFICIALLY'],
  note: 'Mẫu khởi đầu: hợp đồng lao động theo Điều 21 Bộ luật Lao động 2019. Sửa địa danh, người đại diện và các điều khoản cho phù hợp với công ty.',
  blocks: [
    ...heading('{number}', 'signingDate'),
    ...title('HỢP ĐỒNG LAO ĐỘNG'),
    body(i('Căn cứ Bộ luật Lao động số 45/2019/QH14 ngày 20 tháng 11 năm 2019;')),
    body(i('Căn cứ nhu cầu và năng lực của hai bên,')),
    body(
      'Hôm nay, ngày {signingDate.day} tháng {signingDate.month} năm {signingDate.year}, tại {company.name}, chúng tôi gồm:',
    ),
    ...parties,
    body('Thỏa thuận ký kết hợp đồng lao động và cam kết làm đúng những điều khoản sau đây:'),
    article(1, 'Thời hạn và công việc hợp đồng'),
    bullet('Loại hợp đồng: {contractType}.'),
    bullet(
      'Thời hạn: từ ngày {effectiveDate}; ngày hết hạn: {expiryDate} (để trống: không xác định thời hạn).',
    ),
    bullet('Chức danh chuyên môn: {jobTitle}.'),
    bullet('Địa điểm làm việc: {workplace}.'),
    article(2, 'Chế độ làm việc'),
    bullet(
      'Thời giờ làm việc, thời giờ nghỉ ngơi: theo Nội quy lao động của Công ty, không quá 08 giờ một ngày và 48 giờ một tuần.',
    ),
    bullet('Được trang bị dụng cụ, bảo hộ lao động theo yêu cầu của công việc.'),
    article(3, 'Tiền lương, phụ cấp và các quyền lợi'),
    ...pay('Mức lương'),
    bullet(
      'Bảo hiểm xã hội, bảo hiểm y tế, bảo hiểm thất nghiệp; nghỉ hằng năm, nghỉ lễ, tết và các chế độ khác theo quy định của pháp luật và quy chế của Công ty.',
    ),
    article(4, 'Nghĩa vụ và quyền của người lao động'),
    bullet(
      'Hoàn thành công việc đã cam kết; chấp hành Nội quy lao động, kỷ luật lao động và sự điều hành hợp pháp của Công ty.',
    ),
    bullet('Được hưởng các quyền theo Điều 5 Bộ luật Lao động 2019 và theo hợp đồng này.'),
    article(5, 'Nghĩa vụ và quyền của người sử dụng lao động'),
    bullet('Bảo đảm việc làm, trả lương đầy đủ, đúng hạn và các chế độ đã cam kết trong hợp đồng này.'),
    bullet(
      'Điều hành người lao động hoàn thành công việc; xử lý kỷ luật lao động theo quy định của pháp luật.',
    ),
    article(6, 'Điều khoản thi hành'),
    bullet(
      'Hợp đồng có hiệu lực kể từ ngày {effectiveDate}. Những vấn đề chưa thỏa thuận được thực hiện theo pháp luật lao động.',
    ),
    bullet('Ghi chú: {note}'),
    bullet('Hợp đồng được lập thành 02 bản có giá trị như nhau, mỗi bên giữ 01 bản.'),
    contractSignatures,
  ],
};

const probationAgreement: StarterDocument = {
  file: 'hop-dong-thu-viec.docx',
  name: 'Hợp đồng thử việc',
  type: 'CONTRACT',
  subTypes: ['PROBATIONARY'],
  note: 'Mẫu khởi đầu: thỏa thuận thử việc theo Điều 24 đến 27 Bộ luật Lao động 2019 (thời gian thử việc tối đa 180, 60, 30 hoặc 6 ngày tùy công việc; lương thử việc ít nhất 85% mức lương của công việc).',
  blocks: [
    ...heading('{number}', 'signingDate'),
    ...title('HỢP ĐỒNG THỬ VIỆC'),
    body(i('Căn cứ Bộ luật Lao động số 45/2019/QH14 ngày 20 tháng 11 năm 2019;')),
    body(i('Căn cứ nhu cầu và năng lực của hai bên,')),
    body(
      'Hôm nay, ngày {signingDate.day} tháng {signingDate.month} năm {signingDate.year}, tại {company.name}, chúng tôi gồm:',
    ),
    ...parties,
    body('Thỏa thuận thử việc với những điều khoản sau đây:'),
    article(1, 'Công việc và thời gian thử việc'),
    bullet('Loại hợp đồng: {contractType}.'),
    bullet('Chức danh chuyên môn: {jobTitle}; địa điểm làm việc: {workplace}.'),
    bullet('Thời gian thử việc: từ ngày {effectiveDate} đến ngày {expiryDate}.'),
    article(2, 'Tiền lương thử việc'),
    ...pay('Mức lương thử việc'),
    bullet(
      'Tiền lương thử việc không thấp hơn 85% mức lương của công việc đó (Điều 26 Bộ luật Lao động 2019).',
    ),
    article(3, 'Kết thúc thời gian thử việc'),
    bullet(
      'Khi kết thúc thời gian thử việc, Công ty thông báo kết quả thử việc cho người lao động. Trường hợp đạt yêu cầu, hai bên giao kết hợp đồng lao động; không đạt yêu cầu thì chấm dứt thỏa thuận thử việc.',
    ),
    bullet(
      'Trong thời gian thử việc, mỗi bên có quyền hủy bỏ thỏa thuận thử việc mà không cần báo trước và không phải bồi thường (Điều 27 Bộ luật Lao động 2019).',
    ),
    article(4, 'Điều khoản thi hành'),
    bullet('Ghi chú: {note}'),
    bullet('Hợp đồng được lập thành 02 bản có giá trị như nhau, mỗi bên giữ 01 bản.'),
    contractSignatures,
  ],
};

const contractAnnex: StarterDocument = {
  file: 'phu-luc-hop-dong.docx',
  name: 'Phụ lục hợp đồng lao động',
  type: 'ANNEX_CONTRACT',
  note: 'Mẫu khởi đầu: phụ lục hợp đồng lao động theo Điều 22 Bộ luật Lao động 2019.',
  blocks: [
    ...heading('{number}', 'signingDate'),
    ...title('PHỤ LỤC HỢP ĐỒNG LAO ĐỘNG'),
    body(i('Căn cứ Bộ luật Lao động số 45/2019/QH14 ngày 20 tháng 11 năm 2019;')),
    body(i('Căn cứ Hợp đồng lao động số {parentContract} đã ký giữa hai bên;')),
    body(
      'Hôm nay, ngày {signingDate.day} tháng {signingDate.month} năm {signingDate.year}, tại {company.name}, chúng tôi gồm:',
    ),
    body(b('Bên A (Người sử dụng lao động): {company.name}')),
    bullet('Địa chỉ: {company.address}'),
    body(b('Bên B (Người lao động): {worker.fullName}')),
    bullet('Mã nhân viên: {worker.code}; Ngày sinh: {worker.dateOfBirth}'),
    body('Thỏa thuận sửa đổi, bổ sung Hợp đồng lao động số {parentContract} như sau:'),
    article(1, 'Nội dung sửa đổi, bổ sung'),
    bullet('Chức danh chuyên môn: {jobTitle}.'),
    bullet('Địa điểm làm việc: {workplace}.'),
    ...pay('Mức lương'),
    bullet('Nội dung khác: {note}'),
    article(2, 'Thời gian thực hiện'),
    bullet(
      'Phụ lục có hiệu lực từ ngày {effectiveDate} đến ngày {expiryDate} (để trống: đến khi hợp đồng chấm dứt).',
    ),
    bullet(
      'Phụ lục là bộ phận không tách rời của Hợp đồng lao động số {parentContract}; các điều khoản khác của hợp đồng giữ nguyên.',
    ),
    bullet('Phụ lục được lập thành 02 bản có giá trị như nhau, mỗi bên giữ 01 bản.'),
    contractSignatures,
  ],
};

const rewardDecision: StarterDocument = {
  file: 'quyet-dinh-khen-thuong.docx',
  name: 'Quyết định khen thưởng',
  type: 'REWARD',
  note: 'Mẫu khởi đầu: quyết định khen thưởng (Điều 104 Bộ luật Lao động 2019).',
  blocks: [
    ...heading('{decisionNumber}', 'decisionDate'),
    ...title('QUYẾT ĐỊNH', 'Về việc khen thưởng'),
    ...decisionGrounds('Căn cứ Quy chế khen thưởng của Công ty;'),
    article(1, `Khen thưởng ${person}.`),
    bullet('Danh hiệu, loại khen thưởng: {rewardType}; hình thức: {form}.'),
    bullet('Lý do: {reason}.'),
    article(
      2,
      'Mức thưởng: {amount} đồng (Bằng chữ: {amount.inWords}), chi từ quỹ khen thưởng của Công ty và trả cùng kỳ lương gần nhất.',
    ),
    ...decisionEnd(3, '{effectiveDate}'),
  ],
};

const disciplineDecision: StarterDocument = {
  file: 'quyet-dinh-ky-luat.docx',
  name: 'Quyết định kỷ luật lao động',
  type: 'DISCIPLINE',
  note: 'Mẫu khởi đầu: quyết định xử lý kỷ luật lao động (Điều 122 đến 124 Bộ luật Lao động 2019), ban hành sau cuộc họp xử lý kỷ luật.',
  blocks: [
    ...heading('{decisionNumber}', 'decisionDate'),
    ...title('QUYẾT ĐỊNH', 'Về việc xử lý kỷ luật lao động'),
    ...decisionGrounds(
      'Căn cứ Nội quy lao động của Công ty;',
      'Căn cứ Biên bản họp xử lý kỷ luật lao động đối với Ông/Bà {worker.fullName};',
    ),
    article(1, `Thi hành kỷ luật lao động đối với ${person}.`),
    bullet('Hình thức kỷ luật: {disciplineType} ({form}).'),
    bullet('Lý do: {reason}.'),
    article(
      2,
      'Thời hạn chấp hành kỷ luật đến ngày {expiryDate}. Khoản bồi thường thiệt hại (nếu có): {amount} đồng (Bằng chữ: {amount.inWords}).',
    ),
    ...decisionEnd(3, '{effectiveDate}'),
  ],
};

const transferDecision: StarterDocument = {
  file: 'quyet-dinh-dieu-chuyen.docx',
  name: 'Quyết định điều chuyển',
  type: 'TRANSFER',
  subTypes: ['PERSONNEL'],
  note: 'Mẫu khởi đầu: quyết định điều chuyển nhân sự.',
  blocks: [
    ...heading('{decisionNumber}', 'decisionDate'),
    ...title('QUYẾT ĐỊNH', 'Về việc điều chuyển nhân sự'),
    ...decisionGrounds('Căn cứ nhu cầu sắp xếp nhân sự của Công ty;'),
    article(1, 'Điều chuyển Ông/Bà {worker.fullName}, mã nhân viên {worker.code}:'),
    bullet('Từ: {fromUnit}, chức danh {fromJobTitle}, chức vụ {fromPosition};'),
    bullet('Đến: {toUnit}, chức danh {toJobTitle}, chức vụ {toPosition};'),
    bullet('Kể từ ngày {effectiveDate}. Lý do: {reason}.'),
    article(
      2,
      'Ông/Bà {worker.fullName} có trách nhiệm bàn giao công việc tại đơn vị cũ và nhận nhiệm vụ tại đơn vị mới; tiền lương và các chế độ khác theo quy chế của Công ty.',
    ),
    ...decisionEnd(3, '{effectiveDate}'),
  ],
};

const appointmentDecision: StarterDocument = {
  file: 'quyet-dinh-bo-nhiem.docx',
  name: 'Quyết định bổ nhiệm',
  type: 'APPOINTMENT',
  subTypes: ['PERSONNEL'],
  note: 'Mẫu khởi đầu: quyết định bổ nhiệm.',
  blocks: [
    ...heading('{decisionNumber}', 'decisionDate'),
    ...title('QUYẾT ĐỊNH', 'Về việc bổ nhiệm'),
    ...decisionGrounds('Căn cứ Quy chế bổ nhiệm cán bộ quản lý của Công ty;'),
    article(1, `Bổ nhiệm ${person}, giữ chức vụ {toPosition}, {toUnit}, kể từ ngày {effectiveDate}.`),
    bullet('Lý do: {reason}.'),
    article(
      2,
      'Ông/Bà {worker.fullName} được hưởng tiền lương, phụ cấp chức vụ và các chế độ khác theo quy chế của Công ty.',
    ),
    ...decisionEnd(3, '{effectiveDate}'),
  ],
};

const dismissalDecision: StarterDocument = {
  file: 'quyet-dinh-mien-nhiem.docx',
  name: 'Quyết định miễn nhiệm',
  type: 'DISMISSED',
  subTypes: ['PERSONNEL'],
  note: 'Mẫu khởi đầu: quyết định miễn nhiệm chức vụ.',
  blocks: [
    ...heading('{decisionNumber}', 'decisionDate'),
    ...title('QUYẾT ĐỊNH', 'Về việc miễn nhiệm'),
    ...decisionGrounds('Căn cứ Quy chế bổ nhiệm cán bộ quản lý của Công ty;'),
    article(
      1,
      'Miễn nhiệm chức vụ {fromPosition}, {fromUnit} đối với Ông/Bà {worker.fullName}, mã nhân viên {worker.code}, kể từ ngày {effectiveDate}.',
    ),
    bullet('Lý do: {reason}.'),
    article(2, 'Ông/Bà {worker.fullName} có trách nhiệm bàn giao công việc, hồ sơ và tài sản đang quản lý.'),
    ...decisionEnd(3, '{effectiveDate}'),
  ],
};

const resignationDecision: StarterDocument = {
  file: 'quyet-dinh-nghi-viec.docx',
  name: 'Quyết định chấm dứt hợp đồng lao động',
  type: 'RESIGN',
  note: 'Mẫu khởi đầu: quyết định chấm dứt hợp đồng lao động (Điều 34 và 48 Bộ luật Lao động 2019).',
  blocks: [
    ...heading('{decisionNumber}', 'decisionDate'),
    ...title('QUYẾT ĐỊNH', 'Về việc chấm dứt hợp đồng lao động'),
    ...decisionGrounds('Căn cứ Hợp đồng lao động đã ký với Ông/Bà {worker.fullName};'),
    article(1, `Chấm dứt hợp đồng lao động đối với ${person}, kể từ ngày {effectiveDate}.`),
    bullet('Lý do: {reason}.'),
    article(
      2,
      'Ông/Bà {worker.fullName} có trách nhiệm bàn giao công việc và tài sản cho Ông/Bà {handoverWorker}: {handoverNote}. Trong 14 ngày làm việc kể từ ngày chấm dứt hợp đồng, Công ty thanh toán đầy đủ các khoản liên quan đến quyền lợi của mỗi bên, xác nhận thời gian đóng bảo hiểm xã hội và trả lại giấy tờ của người lao động (Điều 48 Bộ luật Lao động 2019).',
    ),
    ...decisionEnd(3, '{effectiveDate}'),
  ],
};

/** Every starter template, in the order HR meets them. */
export const STARTER_DOCUMENTS: readonly StarterDocument[] = [
  laborContract,
  probationAgreement,
  contractAnnex,
  rewardDecision,
  disciplineDecision,
  transferDecision,
  appointmentDecision,
  dismissalDecision,
  resignationDecision,
];
