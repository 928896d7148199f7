import { NOTIFICATION_EVENT_PATHS as PATHS, type EmailDelivery } from '@hcm/contracts/notification-events';
import { MY_NOTIFICATIONS_PATHS, type MyNotification } from '@hcm/contracts/notifications';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundLogs } from '../../../db/tables/outbound-logs.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { readableMail, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp-server.ts';
import { categoryResources } from '../../om/categories/category-resources.ts';
import { organizationUnitResource } from '../../om/organization-units/resources.ts';
import { workerResource } from '../../om/workers/resources.ts';
import { settingResources } from '../../system/settings/resources.ts';
import { notificationEventResource } from './resources.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';

type Event = {
  id: string;
  version: number;
  sendStatus: string;
  recipientCount: number | null;
  emailCount: number | null;
  audiences: { assignmentType: string; assignmentId: string | null; assignmentName: string | null }[];
};
type Failed = { code: string; message: string; errors?: { field: string; code: string }[] };

const API = '/api/notification/events';
const path = (template: string, id: string) => template.replace(':id', id);
const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/**
 * Notification › form (issue 12): HR composes a notification for an audience, sends it now or
 * at a time, with an email through a template; every email is in the outbound mail log with how
 * it went, and a refused one is tried again from the job queue until the mail server takes it.
 */
describe.each(await testEngines('both'))('notification events on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let smtp: TestSmtpServer;
  let hr: Caller;
  const ids: Record<string, string> = {};
  const people: Record<string, Caller> = {};
  const id = (name: string) => ids[name] ?? '';

  const post = async <T>(url: string, body: unknown, who = hr) => kit.http.post<T>(url, body, who.token);
  const make = async (url: string, body: Record<string, unknown>) => {
    const res = await post<{ data: { id: string } }>(url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const inbox = async (who: Caller) => {
    const res = await kit.http.get<{ data: MyNotification[] }>(MY_NOTIFICATIONS_PATHS.list, who.token);
    expect(res.status).toBe(200);
    return res.body.data.map((n) => n.title);
  };
  const event = async (eventId: string) => {
    const res = await kit.http.get<{ data: Event }>(`${API}/${eventId}`, hr.token);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const emails = async (eventId: string) => {
    const res = await kit.http.get<{ data: EmailDelivery[] }>(path(PATHS.emails, eventId), hr.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** an employee of `unit` with an account (and its address), who can read their inbox */
  const hire = async (name: string, code: string, unit: string, extra: Record<string, unknown> = {}) => {
    const workerId = await make('/api/om/workers', {
      code,
      fullName: name,
      gender: 'FEMALE',
      organizationUnitId: id(unit),
      ...extra,
    });
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, {
      tenantId: hr.tenantId,
      fullName: name,
      email: `${code.toLowerCase()}@congty.vn`,
    });
    const record = await kit.http.get<{ data: { version: number } }>(`/api/om/workers/${workerId}`, hr.token);
    const linked = await post(`/api/om/workers/${workerId}/update`, {
      version: record.body.data.version,
      userId: user.id,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    ids[code] = workerId;
    people[code] = {
      tenantId: hr.tenantId,
      userId: user.id,
      token: await accessTokenFor(kit.server.db.orm, user),
    };
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    kit = await startResourceTestKit(engine, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Phòng Nhân sự <nhansu@congty.vn>',
        MAIL_RETRY_DELAY_SECONDS: '1',
        MAIL_RETRY_LIMIT: '3',
        JOB_POLL_SECONDS: '1',
      },
    });
    hr = await kit.caller([
      notificationEventResource,
      workerResource,
      organizationUnitResource,
      ...categoryResources,
      ...settingResources,
    ]);
    const unit = (code: string, name: string, extra: Record<string, unknown> = {}) =>
      make('/api/om/organization-units', { code, name, typeCode: 'PHONG', ...extra });
    ids.sales = await unit('KINH_DOANH', 'Phòng Kinh doanh');
    ids.north = await unit('KD_BAC', 'Kinh doanh miền Bắc', { parentId: id('sales') });
    ids.finance = await unit('TAI_CHINH', 'Phòng Tài chính');
    ids.accountant = await make('/api/om/job-titles', { code: 'KE_TOAN', name: 'Kế toán viên' });
    await hire('Nguyễn Thị An', 'NV01', 'sales');
    await hire('Trần Thị Bình', 'NV02', 'north');
    await hire('Lê Thị Chi', 'NV03', 'finance', { jobTitleId: id('accountant') });
    await hire('Phạm Thị Dung', 'NV04', 'finance');
    ids.template = await make('/api/system/message-templates', {
      code: 'TB_CHUNG',
      name: 'Thông báo chung',
      channel: 'EMAIL',
      subjectVi: '[Nhân sự] {{title}}',
      bodyVi: 'Kính gửi {{fullName}},\n\n{{content}}\n\nXem chi tiết: {{link}}\n{{unknownThing}}',
    });
  });
  afterAll(async () => {
    await kit?.stop();
    await smtp?.stop();
  });

  it('sends to a unit with the units below it, a job title and a person, each once, in the portal and by email', async () => {
    const created = await post<{ data: Event }>(API, {
      title: 'Lịch nghỉ Tết Nguyên đán 2027',
      content: 'Công ty nghỉ Tết từ 05/02 đến 14/02/2027.',
      eventType: 'ANNOUNCEMENT',
      attachedLink: '/om/contacts',
      audiences: [
        { assignmentType: 'ORGANIZATION_UNIT', assignmentId: id('sales') },
        { assignmentType: 'JOB_TITLE', assignmentId: id('accountant') },
        // Chi again, by name: still one notification and one email for her
        { assignmentType: 'INDIVIDUAL', assignmentId: id('NV03') },
      ],
      sendEmail: true,
      emailTemplateId: id('template'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const draft = created.body.data;
    expect(draft.sendStatus).toBe('DRAFT');
    expect(draft.audiences.map((a) => a.assignmentName)).toEqual([
      'Phòng Kinh doanh',
      'Kế toán viên',
      'Lê Thị Chi (NV03)',
    ]);
    // a draft reaches nobody
    expect(await inbox(people.NV01 as Caller)).toEqual([]);

    const sent = await post<{ data: Event }>(path(PATHS.send, draft.id), {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ sendStatus: 'SENT', recipientCount: 3, emailCount: 3 });
    // sent at once: the time it went is its send time
    expect(Date.parse((sent.body.data as unknown as { sendAt: string }).sendAt)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    for (const code of ['NV01', 'NV02', 'NV03'])
      expect(await inbox(people[code] as Caller)).toEqual(['Lịch nghỉ Tết Nguyên đán 2027']);
    expect(await inbox(people.NV04 as Caller)).toEqual([]);

    const delivered = await until(
      () => emails(draft.id),
      (rows) => allOf(rows, (row) => row.status === 'SENT'),
    );
    expect(delivered.map((row) => [row.toAddress, row.status, row.attempts]).sort()).toEqual([
      ['nv01@congty.vn', 'SENT', 1],
      ['nv02@congty.vn', 'SENT', 1],
      ['nv03@congty.vn', 'SENT', 1],
    ]);
    const mail = smtp.received.find((m) => m.to.includes('nv02@congty.vn'));
    const text = readableMail(mail?.raw ?? '');
    expect(text).toContain('Subject: [Nhân sự] Lịch nghỉ Tết Nguyên đán 2027');
    expect(text).toContain('Kính gửi Trần Thị Bình,');
    expect(text).toContain('Công ty nghỉ Tết từ 05/02 đến 14/02/2027.');
    expect(text).toContain('Xem chi tiết: /om/contacts');
    expect(text).not.toContain('unknownThing');
    expect(mail?.from).toBe('nhansu@congty.vn');
    // each attempt is a line of the outbound log too
    const accepted = () =>
      kit.server.db.orm
        .select()
        .from(outboundLogs)
        .where(
          and(
            eq(outboundLogs.target, 'email'),
            eq(outboundLogs.tenantId, hr.tenantId),
            eq(outboundLogs.status, 250),
          ),
        );
    // the log writes in batches, within a second
    expect((await until(accepted, (rows) => rows.length >= 3)).length).toBe(3);

    // a sent notification is kept as it went
    const again = await post<Failed>(path(PATHS.send, draft.id), {});
    expect(again.status).toBe(409);
    const edit = await post<Failed>(`${API}/${draft.id}/update`, {
      version: sent.body.data.version,
      title: 'Khác',
    });
    expect(edit.status).toBe(409);
    expect((await post<Failed>(`${API}/${draft.id}/delete`, {})).status).toBe(409);
    expect((await post<Failed>(path(PATHS.cancel, draft.id), {})).status).toBe(409);
  });

  it('tries a refused email again from the job queue until the mail server takes it, and logs each attempt', async () => {
    smtp.failNext('nv04@congty.vn', 2);
    const res = await post<{ data: Event }>(`${PATHS.sendVer2}?eventType=REMINDER`, {
      title: 'Nộp bảng chấm công tháng 11',
      audiences: [{ assignmentType: 'INDIVIDUAL', assignmentId: id('NV04') }],
      sendEmail: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = await event(res.body.data.id);
    expect(detail).toMatchObject({ sendStatus: 'SENT', recipientCount: 1, emailCount: 1 });
    expect((detail as unknown as { eventType: string }).eventType).toBe('REMINDER');
    const retried = await until(
      () => emails(res.body.data.id),
      (rows) => rows[0]?.status === 'SENT',
      30_000,
    );
    expect(retried[0]).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
    const text = readableMail(smtp.received.find((m) => m.to.includes('nv04@congty.vn'))?.raw ?? '');
    // no template: the title and content themselves, with the default greeting
    expect(text).toContain('Subject: Nộp bảng chấm công tháng 11');
    expect(text).toContain('Xin chào Phạm Thị Dung,');
    const refused = () =>
      kit.server.db.orm
        .select()
        .from(outboundLogs)
        .where(and(eq(outboundLogs.target, 'email'), eq(outboundLogs.status, 451)));
    expect((await until(refused, (rows) => rows.length >= 2)).length).toBe(2);
  });

  it('holds a scheduled notification until its time, and a canceled one for ever', async () => {
    const compose = (title: string, seconds: number) =>
      make(API, {
        title,
        audiences: [{ assignmentType: 'ALL_PERSONNEL' }],
        sendAt: new Date(Date.now() + seconds * 1000).toISOString(),
      });
    const later = await compose('Họp toàn công ty lúc 9 giờ', 7);
    const withdrawn = await compose('Thông báo sẽ bị hủy', 7);
    for (const eventId of [later, withdrawn]) {
      const res = await post<{ data: Event }>(path(PATHS.send, eventId), {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.sendStatus).toBe('SCHEDULED');
    }
    const canceled = await post<{ data: Event }>(path(PATHS.cancel, withdrawn), {});
    expect(canceled.body.data.sendStatus).toBe('CANCELED');
    expect(canceled.body.data.audiences).toEqual([
      { assignmentType: 'ALL_PERSONNEL', assignmentId: null, assignmentName: 'Toàn bộ nhân sự' },
    ]);
    expect(await inbox(people.NV04 as Caller)).not.toContain('Họp toàn công ty lúc 9 giờ');

    const done = await until(
      () => event(later),
      (row) => row.sendStatus === 'SENT',
      30_000,
    );
    // all personnel: the four employees with accounts (HR's own account is no employee)
    expect(done).toMatchObject({ sendStatus: 'SENT', recipientCount: 4 });
    expect(await inbox(people.NV04 as Caller)).toContain('Họp toàn công ty lúc 9 giờ');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await inbox(people.NV04 as Caller)).not.toContain('Thông báo sẽ bị hủy');
    expect((await event(withdrawn)).sendStatus).toBe('CANCELED');
  });

  it('refuses an audience row that does not fit its type, an email template of the wrong channel and a hostile link', async () => {
    const notificationTemplate = await make('/api/system/message-templates', {
      code: 'NHAC_VIEC',
      name: 'Nhắc việc',
      channel: 'NOTIFICATION',
      subjectVi: 'Nhắc việc',
      bodyVi: '{{title}}',
    });
    const stranger = await kit.caller([organizationUnitResource]);
    const foreignUnit = (
      await kit.http.post<{ data: { id: string } }>(
        '/api/om/organization-units',
        { code: 'NGOAI', name: 'Đơn vị tenant khác', typeCode: 'PHONG' },
        stranger.token,
      )
    ).body.data.id;
    const attempt = (body: Record<string, unknown>) =>
      post<Failed>(API, { title: 'Thử', audiences: [{ assignmentType: 'ALL_PERSONNEL' }], ...body });
    const cases: [Record<string, unknown>, string][] = [
      [
        { audiences: [{ assignmentType: 'ALL_PERSONNEL', assignmentId: id('sales') }] },
        'audiences[0].assignmentId',
      ],
      [{ audiences: [{ assignmentType: 'ORGANIZATION_UNIT' }] }, 'audiences[0].assignmentId'],
      // a job title's id given as a unit, a unit of another tenant
      [
        { audiences: [{ assignmentType: 'ORGANIZATION_UNIT', assignmentId: id('accountant') }] },
        'audiences[0].assignmentId',
      ],
      [
        { audiences: [{ assignmentType: 'ORGANIZATION_UNIT', assignmentId: foreignUnit }] },
        'audiences[0].assignmentId',
      ],
      [{ audiences: [] }, 'audiences'],
      [{ emailTemplateId: notificationTemplate }, 'emailTemplateId'],
      [{ attachedLink: 'javascript:alert(1)' }, 'attachedLink'],
      [{ attachedLink: '//evil.example/phish' }, 'attachedLink'],
      [{ title: 'x'.repeat(201) }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await attempt(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors?.map((e) => e.field),
        JSON.stringify(res.body),
      ).toContain(field);
    }
    const list = await kit.http.get<{ page: { total: number } }>(`${API}?keyword=Thử`, hr.token);
    expect(list.body.page.total).toBe(0);
  });
});
