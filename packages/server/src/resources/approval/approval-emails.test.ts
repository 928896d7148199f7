import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant-scope.ts';
import { testEngines } from '../../testing/engines.ts';
import { readableMail, startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp-server.ts';
import { startApprovalStory, type ApprovalStory } from '../testing/approval-fixture.ts';

describe.each(await testEngines())('approval notices by email on $engine', ({ engine }) => {
  let story: ApprovalStory;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    story = await startApprovalStory(engine, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://nhansu.congty.vn' });
  });
  afterAll(async () => {
    await story?.kit.stop();
    await smtp?.stop();
  });

  it('emails the assignee the request to act on, with the link to the record, where the portal has a mail server', async () => {
    await inScope(story.kit.server.db.orm, { tenantId: story.tenantId, userId: null }, (tx) =>
      tx.execute(sql`update users set email = 'truongphong@congty.vn' where id = ${story.manager.userId}`),
    );
    const record = await story.displacement();
    const res = await story.post(
      story.hr,
      `/api/om/displacements/${record.id}/request-approval`,
      story.assignment(),
    );
    expect(res.status).toBe(200);
    let mail: string | undefined;
    for (let waited = 0; waited < 20_000 && !mail; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      mail = smtp.received.find((m) => m.to.includes('truongphong@congty.vn'))?.raw;
    }
    const text = readableMail(mail ?? '');
    expect(text).toContain(
      `Subject: Chờ bạn phê duyệt: Quyết định điều động, bổ nhiệm ${String(record.decisionNumber)}`,
    );
    expect(text).toContain('Xin chào Trần Trưởng Phòng,');
    expect(text).toContain(`https://nhansu.congty.vn/om/displacements/${record.id}/detail`);
  });
});
