import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { PageEnvelope } from '@hcm/contracts';
import { ApiError, ClientErrorCodes } from './api-error.ts';

function readEnvelope(body: unknown, status: number): Record<string, unknown> & { data: unknown } {
  if (typeof body === 'object' && body !== null && 'data' in body)
    return body as Record<string, unknown> & { data: unknown };
  throw new ApiError(status, ClientErrorCodes.badResponse, 'The answer carries no data envelope');
}

/**
 * Calls that read `body.data` (and `body.page` for lists), the API's envelope. The type argument
 * is what the caller expects the server to send; it is not checked at run time.
 */
export interface ApiCalls {
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  getPage<T>(url: string, config?: AxiosRequestConfig): Promise<PageEnvelope<T>>;
}

export function createApiCalls(http: AxiosInstance): ApiCalls {
  return {
    async get<T>(url: string, config?: AxiosRequestConfig) {
      const response = await http.get<unknown>(url, config);
      return readEnvelope(response.data, response.status).data as T;
    },
    async post<T>(url: string, body?: unknown, config?: AxiosRequestConfig) {
      const response = await http.post<unknown>(url, body, config);
      return readEnvelope(response.data, response.status).data as T;
    },
    async getPage<T>(url: string, config?: AxiosRequestConfig) {
      const response = await http.get<unknown>(url, config);
      const envelope = readEnvelope(response.data, response.status);
      if (!Array.isArray(envelope.data) || typeof envelope.page !== 'object' || envelope.page === null) {
        throw new ApiError(response.status, ClientErrorCodes.badResponse, 'The answer is not a page');
      }
      return envelope as unknown as PageEnvelope<T>;
    },
  };
}
