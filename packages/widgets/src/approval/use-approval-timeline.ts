import { useEffect, useState } from 'react';
import type { ApprovalTimeline } from '@hcm/contracts/approvals';
import { approvalApi } from './approval-api.ts';

// The record's page asks twice (its buttons and its timeline): one call per record version.
const reads = new Map<string, Promise<ApprovalTimeline>>();

function read(apiPath: string, id: string, stamp: string): Promise<ApprovalTimeline> {
  const key = `${apiPath}/${id}@${stamp}`;
  let pending = reads.get(key);
  if (!pending) {
    forgetTimeline(apiPath, id);
    pending = approvalApi(apiPath).timeline(id);
    // a failure is not kept: the next page shown asks again
    pending.catch(() => reads.delete(key));
    reads.set(key, pending);
  }
  return pending;
}

/** Drops what was read of a record's timeline (after an action on it). */
export function forgetTimeline(apiPath: string, id: string): void {
  for (const key of reads.keys()) if (key.startsWith(`${apiPath}/${id}@`)) reads.delete(key);
}

export interface TimelineState {
  timeline: ApprovalTimeline | null;
  failed: boolean;
}

/**
 * A record's approval timeline (GET {id}/approval-timeline), read again for each version of the
 * record (`stamp`: its version and last change).
 */
export function useApprovalTimeline(apiPath: string, id: string, stamp: string): TimelineState {
  const key = `${apiPath}/${id}@${stamp}`;
  const [state, setState] = useState<TimelineState & { key: string }>({
    key: '',
    timeline: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    read(apiPath, id, stamp).then(
      (timeline) => live && setState({ key, timeline, failed: false }),
      () => live && setState({ key, timeline: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [apiPath, id, stamp, key]);
  return state.key === key ? state : { timeline: null, failed: false };
}

/** The stamp of a record's version: its timeline changes with it. */
export const stampOf = (record: Record<string, unknown>): string =>
  `${String(record.version ?? '')}:${String(record.lastModifiedAt ?? '')}`;
