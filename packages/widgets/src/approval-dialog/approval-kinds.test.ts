import { describe, expect, it } from 'vitest';
import { APPROVAL_NOTE_MAX, checkNote, decisionOf } from './approval-kinds.ts';

describe('the approval dialog rules', () => {
  it('requires a reason to reject or return and a note to switch status, not a note to approve', () => {
    expect(checkNote('reject', '   ').error).toBe('required');
    expect(checkNote('back', ' \n ').error).toBe('required');
    expect(checkNote('switch-status', '').error).toBe('required');
    expect(checkNote('approve', '').error).toBeNull();
    expect(checkNote('cancel-request', '  ').error).toBeNull();
    expect(checkNote('delete', '').error).toBeNull();
  });

  it('refuses a note longer than the maximum and keeps one exactly at it', () => {
    expect(checkNote('approve', 'a'.repeat(APPROVAL_NOTE_MAX + 1)).error).toBe('tooLong');
    expect(checkNote('approve', 'a'.repeat(APPROVAL_NOTE_MAX)).error).toBeNull();
    expect(checkNote('back', 'a'.repeat(APPROVAL_NOTE_MAX + 1)).error).toBe('tooLong');
    expect(checkNote('cancel-request', ` ${'a'.repeat(APPROVAL_NOTE_MAX)} `).error).toBeNull();
    expect(APPROVAL_NOTE_MAX).toBe(1000);
  });

  it('answers a rejection, a return or a cancelled request with its reason, the others with their note, trimmed', () => {
    expect(decisionOf('reject', checkNote('reject', '  thiếu chứng từ ').value)).toEqual({
      kind: 'reject',
      reason: 'thiếu chứng từ',
    });
    expect(decisionOf('back', checkNote('back', ' sửa số tiền  ').value)).toEqual({
      kind: 'back',
      reason: 'sửa số tiền',
    });
    expect(decisionOf('cancel-request', checkNote('cancel-request', '  ').value)).toEqual({
      kind: 'cancel-request',
      reason: '',
    });
    expect(decisionOf('approve', 'Đồng ý')).toEqual({ kind: 'approve', note: 'Đồng ý' });
    expect(decisionOf('delete', 'ignored')).toEqual({ kind: 'delete' });
  });
});
