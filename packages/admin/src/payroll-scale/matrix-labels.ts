import { label } from '@hcm/contracts/resource';

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
    'Dùng phím mũi tên hoặc Enter để chuyển ô; ô xám: ngạch không có bậc đó.',
    'Arrow keys or Enter move between cells; grey cells: the grade has no such step.',
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
} as const;
