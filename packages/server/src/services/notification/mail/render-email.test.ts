import { describe, expect, it } from 'vitest';
import { htmlOf } from './mailer.ts';
import { absoluteLink, renderEmail, vietnamTime } from './render-email.ts';

const notification = {
  title: 'Lịch nghỉ Tết',
  content: 'Nghỉ từ 05/02.\nĐi làm lại 15/02.',
  attachedLink: '/om/contacts',
  sentAt: new Date('2027-01-20T02:30:00Z'),
};
const template = {
  subjectVi: '[Nhân sự]\r\n{{title}}',
  bodyVi: 'Kính gửi {{ fullName }},\n{{content}}\n{{link}} {{sendAt}} {{nobody}}',
  subjectEn: 'HR: {{title}}',
  bodyEn: null,
};

describe('the email of a notification', () => {
  it('fills the template in the recipient’s language, falling back to Vietnamese for a missing English text', () => {
    const vi = renderEmail(
      template,
      notification,
      { fullName: 'Trần Thị Bình', language: 'vi' },
      'https://hcm.congty.vn',
    );
    // a line break in a subject would be a header injection: it becomes a space
    expect(vi.subject).toBe('[Nhân sự] Lịch nghỉ Tết');
    expect(vi.text).toBe(
      'Kính gửi Trần Thị Bình,\nNghỉ từ 05/02.\nĐi làm lại 15/02.\nhttps://hcm.congty.vn/om/contacts 20/01/2027 09:30',
    );
    const english = renderEmail(
      { ...template, bodyEn: 'Dear {{fullName}}' },
      notification,
      { fullName: 'Binh Tran', language: 'en' },
      undefined,
    );
    expect(english).toEqual({ subject: 'HR: Lịch nghỉ Tết', text: 'Dear Binh Tran' });
    const en = renderEmail(template, notification, { fullName: 'Binh Tran', language: 'en' }, undefined);
    // no English body: the whole mail in Vietnamese (not an English subject over a Vietnamese
    // text), and without PUBLIC_URL the link stays a path
    expect(en.subject).toBe('[Nhân sự] Lịch nghỉ Tết');
    expect(en.text).toContain('Kính gửi Binh Tran,');
    expect(en.text).toContain('/om/contacts 20/01/2027 09:30');
  });

  it('says the title and content with a greeting when no template is chosen', () => {
    const mail = renderEmail(
      null,
      { ...notification, attachedLink: null },
      { fullName: 'An', language: 'en' },
      undefined,
    );
    expect(mail.subject).toBe('Lịch nghỉ Tết');
    expect(mail.text).toBe(
      'Hello An,\n\nNghỉ từ 05/02.\nĐi làm lại 15/02.\n\nSent at 20/01/2027 09:30 (Vietnam time).',
    );
  });

  it('escapes what the sender typed in the HTML part and keeps the line breaks', () => {
    expect(htmlOf('<script>alert("x")</script>\nA & B')).toContain(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;<br>A &#38; B',
    );
  });

  it('shows times in Vietnam and leaves other sites’ links alone', () => {
    expect(vietnamTime(new Date('2026-12-31T17:05:00Z'))).toBe('01/01/2027 00:05');
    expect(absoluteLink('https://intranet.congty.vn/x', 'https://hcm.congty.vn')).toBe(
      'https://intranet.congty.vn/x',
    );
    expect(absoluteLink(null, 'https://hcm.congty.vn')).toBe('');
  });
});
