import { describe, expect, it } from 'vitest';
import { ApiError } from '@hcm/session';
import vi from '../../i18n/vi.json' with { type: 'json' };
import { failureText, noticeText, permissionNames } from './failure-text.ts';

type Texts = Record<string, unknown>;
/** A stand-in t: the kit's Vietnamese dictionary, with its {{values}} filled in. */
const t = (key: string, values: Record<string, unknown> = {}) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], vi);
  if (typeof found !== 'string') return key;
  return found.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name] ?? ''));
};
const said = (error: unknown, options = {}) => failureText(error, options, t);

describe('a failure in the user’s words (issue 27)', () => {
  it('names permissions by their labels, leaving out codes the catalogue does not know', () => {
    expect(
      permissionNames(['contract.update', 'payslip.view', 'user.request-approval', 'role.view'], t),
    ).toEqual(['Hợp đồng (Sửa)', 'Vai trò (Xem)']);
  });

  it('a 403 naming the permissions needed: their labels, never the codes or the English message', () => {
    const refused = new ApiError(403, 'FORBIDDEN', 'This needs the permission contract.update', [], false, {
      permissions: ['contract.update'],
    });
    expect(said(refused)).toBe('Bạn không có quyền thực hiện thao tác này. Quyền cần có: Hợp đồng (Sửa).');
    const unknownOnly = new ApiError(403, 'FORBIDDEN', 'x', [], false, { permissions: ['payslip.view'] });
    expect(said(unknownOnly)).toBe('Bạn không có quyền thực hiện thao tác này.');
  });

  it('a 409: a value another record has on its field, a record others use, else the conflict', () => {
    const taken = new ApiError(409, 'CONFLICT', 'Another role has this code', [
      { field: 'code', code: 'error.invalidValue', message: 'is already taken' },
    ]);
    expect(said(taken, { label: 'Mã vai trò' })).toBe('Mã vai trò đã được sử dụng.');
    expect(said(taken)).toBe('Dữ liệu đã được thay đổi hoặc đã tồn tại. Vui lòng tải lại rồi thử lại.');
    const inUse = new ApiError(409, 'CONFLICT', 'The record is used by other records', [], false, {
      reason: 'inUse',
    });
    expect(said(inUse)).toBe('Bản ghi đang được dữ liệu khác sử dụng nên không thể xóa.');
    const renewed = new ApiError(409, 'CONFLICT', 'Already followed by contract 0002/2026/HĐLĐ', [], false, {
      reason: 'alreadyRenewed',
      number: '0002/2026/HĐLĐ',
    });
    expect(said(renewed)).toBe(
      'Hợp đồng này đã được gia hạn bằng hợp đồng 0002/2026/HĐLĐ: hãy mở hợp đồng đó.',
    );
  });

  it('a 403 about who may, not a permission: says why (its reason)', () => {
    const notAssignee = new ApiError(
      403,
      'FORBIDDEN',
      'Only the assignee of the current step may act on it',
      [],
      false,
      {
        reason: 'notAssignee',
      },
    );
    expect(said(notAssignee)).toBe('Chỉ người được giao bước này mới duyệt được.');
    const outOfScope = new ApiError(403, 'FORBIDDEN', 'x', [], false, { reason: 'outOfScope' });
    expect(said(outOfScope)).toBe('Bản ghi nằm ngoài phạm vi dữ liệu của bạn.');
  });

  it("the screen's own words for what nothing more precise describes; never the server's", () => {
    const vague = new ApiError(400, 'VALIDATION_FAILED', 'The upload is malformed');
    expect(said(vague, { fallback: 'Không tải lên được tệp.' })).toBe('Không tải lên được tệp.');
    expect(said(vague)).toBe('Yêu cầu không thực hiện được. Vui lòng thử lại.');
    expect(said(new Error('TypeError: x is undefined'))).toBe('Đã có lỗi xảy ra. Vui lòng thử lại sau.');
    // a field error the screen cannot name: the notice's words, not the field's code
    const unnamed = new ApiError(400, 'VALIDATION_FAILED', 'x', [
      { field: 'ownerType', code: 'error.required', message: 'ownerType is required' },
    ]);
    expect(said(unnamed, { label: (field: string) => (field === 'file' ? 'Tệp' : undefined) })).toBe(
      'Vui lòng sửa các ô được đánh dấu rồi thử lại.',
    );
  });

  it('by status: too large, busy, no answer', () => {
    expect(said(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'x'))).toBe(
      'Dữ liệu gửi lên (thường là tệp đính kèm) vượt quá dung lượng cho phép.',
    );
    expect(said(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe(
      'Hệ thống đang bận. Vui lòng thử lại sau ít phút.',
    );
    expect(said(new ApiError(0, 'NETWORK_ERROR', 'Network Error'))).toBe(
      'Không kết nối được với máy chủ. Vui lòng kiểm tra mạng rồi thử lại.',
    );
  });

  it('a notice with seconds to wait says them', () => {
    expect(
      noticeText(
        {
          intent: 'warning',
          key: 'tooManyRequests',
          status: 429,
          code: 'TOO_MANY_REQUESTS',
          retryAfterSeconds: 30,
        },
        t,
      ),
    ).toBe('Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau 30 giây.');
  });
});
