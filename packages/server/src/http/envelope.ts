import { ErrorEnvelope } from '@hcm/contracts';

/** `{ data }`: every successful non-list answer (design.md, API conventions). */
export const envelope = <T>(data: T): { data: T } => ({ data });

/** Response schemas for the error statuses, so the OpenAPI document shows the envelope. */
export const errorResponses = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } as const;
