import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import type { FakeResourceCall, FakeResourceReply } from './fake-resource-api.ts';

/** A file the fake storage service keeps, as a record's `<field>Info` shows it. */
export interface FakeStoredFile {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
  /** a raster image: the fake answers a thumbnail of it */
  thumbnail?: boolean;
}

/** The owner types of the real service (packages/server services/storage/limits.ts), in short. */
const LIMITS = [
  { ownerType: 'DOCUMENT_TEMPLATE', maxBytes: 10 * 1_048_576, extensions: ['docx', 'xlsx'] },
  {
    ownerType: 'USER_MANUAL',
    maxBytes: 15 * 1_048_576,
    extensions: ['pdf', 'docx', 'xlsx', 'pptx', 'png', 'jpg', 'jpeg'],
  },
  {
    ownerType: 'ATTACHMENT',
    maxBytes: 10 * 1_048_576,
    extensions: ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'docx', 'xlsx', 'pptx'],
  },
  { ownerType: 'AVATAR', maxBytes: 5 * 1_048_576, extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] },
  { ownerType: 'SIGNATURE', maxBytes: 2 * 1_048_576, extensions: ['png', 'jpg', 'jpeg', 'webp'] },
];

const RASTER = ['png', 'jpg', 'jpeg', 'gif', 'webp'];
/** The thumbnail the fake answers for every image: a 1×1 PNG. */
const THUMBNAIL = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

const json = (status: number, body: unknown): FakeResourceReply => ({ status, body });

/**
 * The storage calls a file field makes (GET /api/storage/limits, POST /api/storage/files/upload
 * and GET …/download), kept in `files`; undefined for any other call. An upload whose extension
 * its owner type does not take is refused like the server refuses it (400 on `file`).
 */
export function answerStorage(
  call: FakeResourceCall,
  files: Map<string, FakeStoredFile>,
): FakeResourceReply | undefined {
  if (call.method === 'GET' && call.path === '/api/storage/limits') return json(200, { data: LIMITS });
  if (call.method === 'POST' && call.path === '/api/storage/files/upload') {
    const form = call.body as FormData;
    const file = form.get('file');
    const limit = LIMITS.find((one) => one.ownerType === form.get('ownerType'));
    if (!(file instanceof File) || !limit)
      return json(400, { code: ErrorCodes.validation, message: 'no file' });
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!limit.extensions.includes(extension))
      return json(400, {
        code: ErrorCodes.validation,
        message: `${file.name}: ${limit.ownerType} takes .${limit.extensions.join(', .')}`,
        errors: [
          {
            field: 'file',
            code: FieldErrorKeys.invalidValue,
            message: `${file.name} is not a file ${limit.ownerType} takes`,
          },
        ],
      });
    const id = `00000000-0000-4000-9000-${String(files.size + 1).padStart(12, '0')}`;
    const stored = {
      id,
      fileName: file.name,
      size: file.size,
      contentType: file.type || 'application/octet-stream',
      thumbnail: RASTER.includes(extension),
    };
    files.set(id, stored);
    return json(201, {
      data: {
        id,
        originalName: stored.fileName,
        size: stored.size,
        type: stored.contentType,
        thumbUrl: stored.thumbnail ? `/api/storage/files/${id}/thumbnail` : null,
      },
    });
  }
  const thumbnail = /^\/api\/storage\/files\/([^/]+)\/thumbnail$/.exec(call.path);
  if (call.method === 'GET' && thumbnail) {
    const stored = files.get(decodeURIComponent(thumbnail[1] ?? ''));
    if (!stored?.thumbnail) return json(404, { code: ErrorCodes.notFound, message: 'No thumbnail' });
    return { status: 200, blob: new Blob([THUMBNAIL], { type: 'image/png' }), headers: {} };
  }
  const download = /^\/api\/storage\/files\/([^/]+)\/download$/.exec(call.path);
  if (call.method === 'GET' && download) {
    const stored = files.get(decodeURIComponent(download[1] ?? ''));
    if (!stored) return json(404, { code: ErrorCodes.notFound, message: 'No such file' });
    return {
      status: 200,
      blob: new Blob(['file'], { type: stored.contentType }),
      headers: { 'content-disposition': `attachment; filename="${stored.fileName}"` },
    };
  }
  return undefined;
}

/**
 * Sets `<field>Info` of each file field of the record from the fake's files (null when unknown),
 * and of each files field (the known ones, in order), as the server does.
 */
export function attachFakeFileInfo(
  contract: AnyResourceContract,
  record: Record<string, unknown>,
  files: Map<string, FakeStoredFile>,
): void {
  for (const [name, field] of Object.entries(contract.fields)) {
    if (field.kind === 'file' || field.kind === 'image')
      record[`${name}Info`] = typeof record[name] === 'string' ? (files.get(record[name]) ?? null) : null;
    if (field.kind === 'files')
      record[`${name}Info`] = (Array.isArray(record[name]) ? (record[name] as string[]) : []).flatMap(
        (id) => {
          const file = files.get(id);
          return file ? [file] : [];
        },
      );
  }
}
