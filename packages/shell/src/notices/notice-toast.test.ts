import { describe, expect, it } from 'vitest';
import { ConflictReasons, ForbiddenReasons } from '@hcm/contracts';
import { SessionNoticeKeys } from '@hcm/session';
import vi from '../../../../shared/ui/i18n/vi.json' with { type: 'json' };
import en from '../../../../shared/ui/i18n/en.json' with { type: 'json' };
import shellVi from '../../i18n/vi.json' with { type: 'json' };
import shellEn from '../../i18n/en.json' with { type: 'json' };
import { noticeToast } from './notice-toast.ts';

type Texts = Record<string, unknown>;
/** A stand-in t: the kit's Vietnamese dictionary (its `notices`), with its {{values}} filled in. */
const t = (key: string, options: Record<string, unknown> = {}) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], vi);
  if (typeof found !== 'string') return key;
  return found.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(options[name] ?? ''));
};

describe('a session notice as a toast', () => {
  it('a 403 naming the permissions needed: the Vietnamese text with their labels, never codes or English', () => {
    expect(
      noticeToast(
        {
          intent: 'error',
          key: 'forbidden',
          text: 'withPermissions',
          params: { permissions: ['role.delete', 'user.update'] },
          status: 403,
          code: 'FORBIDDEN',
        },
        t,
      ),
    ).toEqual({
      intent: 'error',
      title: 'Không có quyền truy cập',
      message: 'Bạn không có quyền thực hiện thao tác này. Quyền cần có: Vai trò (Xóa), Người dùng (Sửa).',
    });
  });

  it('a 403 naming only codes the catalogue does not know: the plain refusal, no code', () => {
    const toast = noticeToast(
      {
        intent: 'error',
        key: 'forbidden',
        text: 'withPermissions',
        params: { permissions: ['payslip.view'] },
        status: 403,
        code: 'FORBIDDEN',
      },
      t,
    );
    expect(toast.message).toBe('Bạn không có quyền thực hiện thao tác này.');
  });

  it('a contract already renewed (409 alreadyRenewed): what happened and what to do, under a title of its own', () => {
    expect(
      noticeToast(
        {
          intent: 'warning',
          key: 'conflict',
          text: 'alreadyRenewed',
          title: 'refusedTitle',
          params: { number: '0002/2026/HĐLĐ' },
          status: 409,
          code: 'CONFLICT',
        },
        t,
      ),
    ).toEqual({
      intent: 'warning',
      title: 'Không thực hiện được',
      message: 'Hợp đồng này đã được gia hạn bằng hợp đồng 0002/2026/HĐLĐ: hãy mở hợp đồng đó.',
    });
  });

  it('a 403 about who may (notAssignee): says why, under the refusal title', () => {
    expect(
      noticeToast(
        { intent: 'error', key: 'forbidden', text: 'notAssignee', status: 403, code: 'FORBIDDEN' },
        t,
      ),
    ).toEqual({
      intent: 'error',
      title: 'Không có quyền truy cập',
      message: 'Chỉ người được giao bước này mới duyệt được.',
    });
  });

  it("shows the key's own text when the server said nothing", () => {
    expect(
      noticeToast({ intent: 'warning', key: 'licenseExpired', status: 400, code: '40000029' }, t),
    ).toEqual({
      intent: 'warning',
      title: 'Giấy phép đã hết hạn',
      message: 'Giấy phép sử dụng chức năng này đã hết hạn. Vui lòng liên hệ quản trị viên để gia hạn.',
    });
  });

  it('says how long to wait after a 429 when the server said', () => {
    const toast = noticeToast(
      {
        intent: 'warning',
        key: 'tooManyRequests',
        status: 429,
        code: 'TOO_MANY_REQUESTS',
        retryAfterSeconds: 30,
      },
      t,
    );
    expect(toast.message).toBe('Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau 30 giây.');
  });

  it.each([
    ['vi', vi],
    ['en', en],
  ])("the kit's %s dictionary has a title and a text for every notice key", (_lang, dictionary) => {
    const notices = (dictionary as { notices: Record<string, Record<string, string> | string> }).notices;
    for (const key of Object.values(SessionNoticeKeys)) {
      const entry = notices[key] as Record<string, string> | undefined;
      expect(entry?.title, key).toBeTruthy();
      expect(entry?.text, key).toBeTruthy();
    }
    // the variants notices.ts names
    const variants = notices as Record<string, Record<string, string>>;
    expect(variants.forbidden?.withPermissions).toContain('{{permissions}}');
    for (const text of ['accountLocked', 'captchaRequired', 'captchaInvalid'])
      expect(variants.loginFailed?.[text], text).toBeTruthy();
    expect(variants.serviceUnavailable?.textWithSeconds).toContain('{{seconds}}');
    // every reason the server gives (ErrorParams) has its words, and a refused 409 its title
    expect(variants.conflict?.refusedTitle).toBeTruthy();
    for (const reason of Object.values(ConflictReasons))
      expect(variants.conflict?.[reason], reason).toBeTruthy();
    for (const reason of Object.values(ForbiddenReasons))
      expect(variants.forbidden?.[reason], reason).toBeTruthy();
    expect(variants.conflict?.alreadyRenewed).toContain('{{number}}');
    expect(variants.conflict?.administratorRoleTaken).toContain('{{code}}');
  });

  it.each([
    ['vi', shellVi],
    ['en', shellEn],
  ])("the shell's %s dictionary keeps the loading bar's label", (_lang, dictionary) => {
    expect(typeof (dictionary as { notices: { loading?: unknown } }).notices.loading).toBe('string');
  });
});
