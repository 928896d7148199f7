import { launchChromium } from './support/browser.ts';
import { startPortal, e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { postAsPage, postDataAsPage } from './support/page-api.ts';
import { startTestSmtpServer } from '../packages/server/src/testing/smtp-server.ts';

const smtp = await startTestSmtpServer();
const portal = await startPortal({ env: { SMTP_URL: smtp.url, JOB_POLL_SECONDS: '1' } });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ baseURL: portal.baseUrl, locale: 'vi-VN', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, e2eAccounts.hrAdmin);
  const unitId = await postAsPage(page, '/api/om/organization-units', { code: 'HC01', name: 'Phòng Hành chính', typeCode: 'PHONG' });
  const employee = { username: 'hoa.do', password: 'Nv-Pass#2026', fullName: 'Đỗ Thị Hoa' };
  const workerId = await postAsPage(page, '/api/om/workers', { code: 'NV001', fullName: employee.fullName, gender: 'FEMALE', organizationUnitId: unitId, email: 'hoa.do@congty.vn' });
  const created = await postDataAsPage<{ user: { id: string } }>(page, '/api/iam/users', { ...employee, email: 'hoa.do@congty.vn', roleIds: [], passwordChangeRequired: false });
  await postDataAsPage(page, `/api/om/workers/${workerId}/update`, { version: 1, userId: created.user.id });
  smtp.failNext('hoa.do@congty.vn', 1);
  const sentId = (await postDataAsPage<{ id: string }>(page, '/api/notification/events/send-ver2', {
    title: 'Lịch tiêm phòng cúm mùa 2026',
    content: 'Công ty tổ chức tiêm phòng cúm miễn phí.\n\n- Thời gian: 8:00–11:00 ngày 02/12/2026\n- Địa điểm: phòng y tế tầng 2\n\nMang theo thẻ nhân viên.',
    attachedLink: '/setting/my-profile',
    eventType: 'EVENT',
    sendEmail: true,
    audiences: [{ assignmentType: 'ORGANIZATION_UNIT', assignmentId: unitId }],
  })).id;
  await postDataAsPage(page, '/api/notification/events', { title: 'Quy định làm việc từ xa (bản nháp)', eventType: 'POLICY', audiences: [{ assignmentType: 'ALL_PERSONNEL' }] });
  await postDataAsPage(page, '/api/notification/events/send-ver2', { title: 'Họp tổng kết năm', eventType: 'ANNOUNCEMENT', sendAt: new Date(Date.now() + 86_400_000).toISOString(), audiences: [{ assignmentType: 'ALL_PERSONNEL' }] });
  await page.waitForTimeout(4000);
  for (const [w, h, tag] of [[1366, 900, 'desktop'], [390, 844, 'phone']] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/notification/form');
    await page.getByRole('row', { name: /Họp tổng kết/ }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-nf-list-${tag}.png`, fullPage: true });
    await page.goto(`/notification/form/${sentId}/detail`);
    await page.getByText('Email đã gửi').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-nf-detail-${tag}.png`, fullPage: true });
    await page.goto('/notification/form/create');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shot-nf-create-${tag}.png`, fullPage: true });
  }
  const p2 = await (await browser.newContext({ baseURL: portal.baseUrl, locale: 'vi-VN', viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(p2, employee);
  for (const [w, h, tag] of [[1366, 900, 'desktop'], [390, 844, 'phone']] as const) {
    await p2.setViewportSize({ width: w, height: h });
    await p2.goto('/notification/notification-me');
    await p2.waitForTimeout(1500);
    await p2.screenshot({ path: `/tmp/shot-me-list-${tag}.png`, fullPage: true });
  }
  await p2.setViewportSize({ width: 1366, height: 900 });
  await p2.getByRole('link', { name: /Lịch tiêm phòng/ }).click();
  await p2.waitForTimeout(1500);
  await p2.screenshot({ path: '/tmp/shot-me-detail-desktop.png', fullPage: true });
  await p2.setViewportSize({ width: 390, height: 844 });
  await p2.waitForTimeout(800);
  await p2.screenshot({ path: '/tmp/shot-me-detail-phone.png', fullPage: true });
} finally {
  await browser.close();
  await portal.stop();
  await smtp.stop();
}
