import { describe, expect, it } from 'vitest';
import { SessionNoticeKeys } from '@hcm/session';
import vi from '../../i18n/vi.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { noticeToast } from './notice-toast.ts';

type Texts = Record<string, unknown>;
/** A stand-in t: the Vietnamese dictionary, with {{seconds}} filled in. */
const t = (key: string, options: Record<string, unknown> = {}) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], vi);
  if (typeof found !== 'string') return key;
  return found.replace('{{seconds}}', String(options.seconds ?? ''));
};

describe('a session notice as a toast', () => {
  it("shows the server's words under the key's title", () => {
    expect(
      noticeToast(
        {
          intent: 'error',
          key: 'forbidden',
          message: 'Không được xem lương',
          status: 403,
          code: 'FORBIDDEN',
        },
        t,
      ),
    ).toEqual({ intent: 'error', title: 'Không có quyền truy cập', message: 'Không được xem lương' });
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
  ])(
    'the %s dictionary has a title and a text for every notice key, and the loading label',
    (_lang, dictionary) => {
      const notices = (dictionary as { notices: Record<string, Record<string, string> | string> }).notices;
      expect(typeof notices.loading).toBe('string');
      for (const key of Object.values(SessionNoticeKeys)) {
        const entry = notices[key] as Record<string, string> | undefined;
        expect(entry?.title, key).toBeTruthy();
        expect(entry?.text, key).toBeTruthy();
      }
    },
  );
});
