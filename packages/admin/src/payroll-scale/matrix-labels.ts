import { label, type Label } from '@hcm/contracts/resource';

/** The matrix editor's own words (shown through the contract's label text, Vietnamese first). */
export const MatrixLabels = {
  grade: label('positionCoefficient.matrix.grade', 'Ngạch lương', 'Salary grade'),
  noStep: label('positionCoefficient.matrix.noStep', 'Ngạch không có bậc này', 'The grade has no such step'),
  noGrades: label(
    'positionCoefficient.matrix.noGrades',
    'Chưa có ngạch lương đang hoạt động: thêm ngạch ở Danh mục › Ngạch bậc lương.',
    'No active salary grade yet: add grades under Categories › Salary scales.',
  ),
  inactiveGrade: label(
    'positionCoefficient.matrix.inactiveGrade',
    'Ngạch không còn hoạt động',
    'Grade no longer active',
  ),
  copied: label(
    'positionCoefficient.matrix.copied',
    'Hệ số được sao chép từ bảng hiệu lực ngày {{date}}: chỉ sửa những ô thay đổi.',
    'Coefficients copied from the table in force from {{date}}: change only the cells that differ.',
  ),
  zero: label(
    'positionCoefficient.matrix.zero',
    'Hệ số phải lớn hơn 0',
    'The coefficient must be greater than 0',
  ),
  loadFailed: label(
    'positionCoefficient.matrix.loadFailed',
    'Không tải được danh sách ngạch bậc lương',
    'The salary grades could not be loaded',
  ),
  keyboardHint: label(
    'positionCoefficient.matrix.keyboardHint',
    'Ô xám: ngạch không có bậc đó (bảng nhận dán từ Excel).',
    'Grey cells: the grade has no such step (the table takes ranges pasted from Excel).',
  ),
  exportMatrix: label('positionCoefficient.matrix.export', 'Xuất ma trận hệ số', 'Export the coefficients'),
  exportFailed: label(
    'positionCoefficient.matrix.exportFailed',
    'Không xuất được ma trận hệ số',
    'The coefficients could not be exported',
  ),
  importMatrix: label('positionCoefficient.matrix.import', 'Nhập ma trận hệ số', 'Import the coefficients'),
  imported: label(
    'positionCoefficient.matrix.imported',
    'Đã nhập ma trận hệ số từ {{file}}',
    'Imported the coefficients from {{file}}',
  ),
  importHint: label(
    'positionCoefficient.matrix.importHint',
    'Tệp .xlsx theo mẫu của "Xuất ma trận hệ số": thay toàn bộ ma trận của bảng này.',
    'An .xlsx file laid out as "Export the coefficients" writes it: replaces this table\'s whole matrix.',
  ),
  importRefused: label(
    'positionCoefficient.matrix.importRefused',
    'Không nhập được ma trận hệ số, bảng chưa thay đổi gì.',
    'The coefficients were not imported: the table has not changed.',
  ),
  at: label(
    'positionCoefficient.matrix.at',
    'Dòng {{row}}, cột {{column}} ({{header}}): {{problem}}',
    'Row {{row}}, column {{column}} ({{header}}): {{problem}}',
  ),
} as const;

/**
 * Why the server refused a cell or the sheet (its `params.problem`), with the values each text
 * carries (`params`); a problem not named here is said by its key (importRefusalText).
 */
export const MatrixProblemLabels: Readonly<Record<string, Label>> = {
  sheetEmpty: label(
    'positionCoefficient.matrix.problem.sheetEmpty',
    'Trang tính đầu tiên trống.',
    'The first sheet is empty.',
  ),
  noRows: label(
    'positionCoefficient.matrix.problem.noRows',
    'Tệp chưa có dòng ngạch lương nào.',
    'The file has no grade rows.',
  ),
  header: label(
    'positionCoefficient.matrix.problem.header',
    'tiêu đề phải là "{{expected}}", không phải "{{found}}": hãy dùng tệp xuất ma trận làm mẫu.',
    'the header must be "{{expected}}", not "{{found}}": use the exported matrix as the template.',
  ),
  gradeMissing: label(
    'positionCoefficient.matrix.problem.gradeMissing',
    'thiếu mã ngạch.',
    'the grade code is missing.',
  ),
  gradeUnknown: label(
    'positionCoefficient.matrix.problem.gradeUnknown',
    'không có ngạch lương nào mã "{{grade}}".',
    'no salary grade has the code "{{grade}}".',
  ),
  gradeRepeated: label(
    'positionCoefficient.matrix.problem.gradeRepeated',
    'ngạch {{grade}} đã có ở dòng {{earlier}}.',
    'the grade {{grade}} is already in row {{earlier}}.',
  ),
  noStep: label(
    'positionCoefficient.matrix.problem.noStep',
    'ngạch {{grade}} không có bậc này: hãy để trống ô.',
    'the grade {{grade}} has no such step: leave the cell empty.',
  ),
  formulaError: label(
    'positionCoefficient.matrix.problem.formulaError',
    'công thức bị lỗi.',
    'the formula has an error.',
  ),
  formulaWithoutResult: label(
    'positionCoefficient.matrix.problem.formulaWithoutResult',
    'công thức chưa có kết quả được lưu: hãy mở và lưu lại tệp trong Excel.',
    'the formula has no saved result: open and save the file in Excel.',
  ),
  notANumber: label(
    'positionCoefficient.matrix.problem.notANumber',
    '"{{value}}" không phải là số.',
    '"{{value}}" is not a number.',
  ),
  notPositive: label(
    'positionCoefficient.matrix.problem.notPositive',
    'hệ số phải lớn hơn 0 (hiện là {{value}}).',
    'a coefficient is greater than 0 (this one is {{value}}).',
  ),
  tooLarge: label(
    'positionCoefficient.matrix.problem.tooLarge',
    'hệ số không được quá {{max}} (hiện là {{value}}).',
    'a coefficient is at most {{max}} (this one is {{value}}).',
  ),
  tooManyDecimals: label(
    'positionCoefficient.matrix.problem.tooManyDecimals',
    'hệ số có nhiều hơn 3 chữ số thập phân ({{value}}).',
    'the coefficient has more than 3 decimals ({{value}}).',
  ),
};
