import { describe, expect, it } from 'vitest';
import { shellTexts } from '../testing/shell-texts.ts';
import { composePageTitle, pageTitleKeys } from './page-title.ts';

type Dictionary = Record<string, unknown>;
/** The dictionary text of a dotted key, as i18next reads it. */
const textIn = (dictionary: Dictionary) => (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Dictionary | undefined)?.[part], dictionary) as
    string | undefined;

const vi = shellTexts('vi');
const en = shellTexts('en');

const titleOf = (page: string, pathname: string, dictionary: Dictionary = vi) => {
  const text = textIn(dictionary);
  return composePageTitle(
    pageTitleKeys(page, pathname).map((key) => text(key) ?? `MISSING ${key}`),
    text('app.shortName') ?? 'MISSING',
  );
};

describe('page titles', () => {
  it('names a menu page by its entry: "Chức danh · HCM"', () => {
    expect(titleOf('module', '/setting/job-titles')).toBe('Chức danh · HCM');
    expect(titleOf('module', '/setting/job-titles', en)).toBe('Job titles · HCM');
  });

  it('puts the record page in front of the entry', () => {
    expect(titleOf('module', '/setting/job-titles/create')).toBe('Thêm mới · Chức danh · HCM');
    expect(titleOf('module', '/om/employee/12/update', en)).toBe('Update · Employees · HCM');
  });

  it('names the shell’s own pages by their headings', () => {
    expect(titleOf('sign-in', '/login')).toBe('Đăng nhập · HCM');
    expect(titleOf('dashboard', '/dashboard')).toBe('Tổng quan · HCM');
    expect(titleOf('my-profile', '/setting/my-profile')).toBe('Hồ sơ của tôi · HCM');
    expect(titleOf('forbidden', '/403')).toBe('Không có quyền truy cập · HCM');
    expect(titleOf('not-found', '/om/nowhere')).toBe('Không tìm thấy trang · HCM');
    expect(titleOf('server-error', '/500', en)).toBe('Server error · HCM');
    expect(titleOf('privacy-policy', '/privacy-policy', en)).toBe('Privacy policy · HCM');
    expect(titleOf('set-password', '/set-password')).toBe('Đặt mật khẩu · HCM');
    expect(titleOf('set-password', '/set-password', en)).toBe('Set your password · HCM');
    expect(titleOf('my-notifications', '/notification/notification-me')).toBe('Thông báo của tôi · HCM');
    expect(titleOf('my-notification', '/notification/notification-me/x/detail', en)).toBe(
      'Detail · My notifications · HCM',
    );
  });

  it('says the product alone where nothing names the page', () => {
    expect(titleOf('module', '/somewhere/else')).toBe('HCM');
  });
});
