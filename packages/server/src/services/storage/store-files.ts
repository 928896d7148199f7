import { createHash, randomUUID } from 'node:crypto';
import { FieldErrorKeys } from '@hcm/contracts';
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { files, type FileRow } from '../../db/tables/files.ts';
import { inScope, type Scope } from '../../db/tenant-scope.ts';
import { recordActions } from '../../resources/action-log/record-actions.ts';
import { actionContextOf } from '../../resources/caller.ts';
import { writeFile } from 'node:fs/promises';
import {
  FileKinds,
  isOwnerType,
  megabytes,
  OWNER_TYPES,
  OwnerTypeLimits,
  type FileKind,
  type OwnerType,
  RASTER,
  thumbnailOf,
} from './limits.ts';
import { fileProblem, tooLarge, type ReceivedFile, type ReceivedUpload } from './receive.ts';
import { extensionFits, kindLabel, sniff } from './sniff.ts';
import { ImageProblem, makeThumbnail } from './thumbnail.ts';
import type { FileStore } from './stores/store.ts';

export const OWNER_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The owner fields of an upload or a check (multipart text fields), checked: 400 naming the field. */
export function ownerOf(fields: Record<string, string[]>): {
  ownerType: OwnerType;
  ownerId: string | null;
  isPublic: boolean;
} {
  const ownerType = fields.ownerType?.[0]?.trim();
  if (ownerType === undefined || ownerType === '')
    throw fileProblem('ownerType', FieldErrorKeys.required, 'ownerType is required');
  if (!isOwnerType(ownerType))
    throw fileProblem(
      'ownerType',
      FieldErrorKeys.invalidValue,
      `ownerType must be one of ${OWNER_TYPES.join(', ')}`,
    );
  const ownerId = fields.ownerId?.[0]?.trim() || null;
  if (ownerId !== null && !OWNER_ID.test(ownerId))
    throw fileProblem(
      'ownerId',
      FieldErrorKeys.pattern,
      'ownerId must be 1 to 100 letters, digits, _ . : or -',
    );
  const publicRaw = (fields.public?.[0] ?? 'false').trim().toLowerCase();
  if (publicRaw !== 'true' && publicRaw !== 'false')
    throw fileProblem('public', FieldErrorKeys.invalidValue, 'public must be true or false');
  return { ownerType, ownerId, isPublic: publicRaw === 'true' };
}

/** The name a file is listed under: the last segment of what the browser sent, trimmed. */
export function cleanName(name: string, field: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const clean = [...last]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .normalize('NFC');
  if (clean === '') throw fileProblem(field, FieldErrorKeys.required, 'the file has no name');
  if (clean.length > 255)
    throw fileProblem(field, FieldErrorKeys.maxlength, 'the file name is longer than 255 characters', {
      required: 255,
      actual: clean.length,
    });
  return clean;
}

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Checks one received file against its owner type, by content: its kind, or 400/413 naming the problem. */
export async function checkFile(
  file: ReceivedFile,
  ownerType: OwnerType,
): Promise<{ name: string; kind: FileKind; extension: string }> {
  const limit = OwnerTypeLimits[ownerType];
  const field = file.field;
  const name = cleanName(file.originalName, field);
  if (file.size > limit.maxBytes) throw tooLarge(field, limit.maxBytes);
  if (file.size === 0) throw fileProblem(field, FieldErrorKeys.required, `${name} is empty`);
  const extension = extensionOf(name);
  const sniffed = await sniff(file.head, file.path, file.size, file.text, extension);
  const allowed = limit.kinds as readonly FileKind[];
  const accepted = allowed
    .flatMap((kind) => FileKinds[kind].extensions)
    .map((e) => `.${e}`)
    .join(', ');
  if ('other' in sniffed)
    throw fileProblem(
      field,
      FieldErrorKeys.invalidValue,
      `${name} is ${sniffed.other}: ${ownerType} takes ${accepted}`,
    );
  if (!extensionFits(sniffed.kind, extension))
    throw fileProblem(
      field,
      FieldErrorKeys.invalidValue,
      `${name} is named .${extension || '(no extension)'} but its content is ${kindLabel(sniffed.kind)}`,
    );
  if (!allowed.includes(sniffed.kind))
    throw fileProblem(
      field,
      FieldErrorKeys.invalidValue,
      `${name} is ${kindLabel(sniffed.kind)}: ${ownerType} takes ${accepted}`,
    );
  return { name, kind: sniffed.kind, extension };
}

/**
 * Stores every received file, or none (POST /upload and /uploads): all are checked first,
 * then their bytes go to the store, then their rows are written in one transaction with their
 * action-log entries. A failure after the bytes are stored removes them again.
 */
export async function storeFiles(
  db: Db,
  store: FileStore,
  request: FastifyRequest,
  scope: Scope,
  received: ReceivedUpload,
): Promise<FileRow[]> {
  const owner = ownerOf(received.fields);
  if (received.files.length === 0) throw fileProblem('file', FieldErrorKeys.required, 'no file was sent');
  const checked = [];
  for (const file of received.files) checked.push({ file, ...(await checkFile(file, owner.ownerType)) });

  const planned: {
    id: string;
    file: ReceivedFile;
    name: string;
    kind: FileKind;
    key: string;
    fileName: string;
    thumbnail: Awaited<ReturnType<typeof thumbnailFor>>;
  }[] = [];
  for (const { file, name, kind, extension } of checked) {
    const id = randomUUID();
    const key = `${scope.tenantId ?? 'system'}/${id}`;
    planned.push({
      id,
      file,
      name,
      kind,
      key,
      fileName: `${id}.${extension}`,
      thumbnail: await thumbnailFor(request, file, name, kind, owner.ownerType),
    });
  }
  const stored: string[] = [];
  try {
    for (const plan of planned) {
      await store.put(plan.key, plan.file.path, {
        size: plan.file.size,
        sha256: plan.file.sha256,
        contentType: FileKinds[plan.kind].mime,
      });
      stored.push(plan.key);
      if (plan.thumbnail) {
        const thumbnailKey = `${plan.key}.thumbnail`;
        await store.put(thumbnailKey, plan.thumbnail.path, plan.thumbnail.info);
        stored.push(thumbnailKey);
      }
    }
    return await inScope(db, scope, async (tx) => {
      const rows: FileRow[] = [];
      for (const plan of planned) {
        const sameOwner = and(
          scope.tenantId === null ? isNull(files.tenantId) : eq(files.tenantId, scope.tenantId),
          eq(files.ownerType, owner.ownerType),
          owner.ownerId === null ? isNull(files.ownerId) : eq(files.ownerId, owner.ownerId),
          sql`lower(${files.originalName}) = lower(${plan.name})`,
        );
        const [latest] = await tx
          .select({ version: max(files.version) })
          .from(files)
          .where(sameOwner);
        const [row] = await tx
          .insert(files)
          .values({
            id: plan.id,
            tenantId: scope.tenantId,
            originalName: plan.name,
            fileName: plan.fileName,
            storageKey: plan.key,
            hashed: plan.file.sha256,
            ownerId: owner.ownerId,
            ownerType: owner.ownerType,
            version: (latest?.version ?? 0) + 1,
            size: plan.file.size,
            type: FileKinds[plan.kind].mime,
            isPublic: owner.isPublic,
            createdBy: scope.userId,
            thumbnailKey: plan.thumbnail ? `${plan.key}.thumbnail` : null,
          })
          .returning();
        if (row) rows.push(row);
      }
      await recordActions(
        tx,
        actionContextOf(request, scope),
        rows.map((row) => ({
          resource: 'file',
          recordId: row.id,
          action: 'CREATE' as const,
          changes: {
            originalName: { before: null, after: row.originalName },
            ownerType: { before: null, after: row.ownerType },
            ownerId: { before: null, after: row.ownerId },
            size: { before: null, after: Number(row.size) },
            hashed: { before: null, after: row.hashed },
          },
        })),
      );
      return rows;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => store.delete(key)));
    throw error;
  }
}

/**
 * The 200×200 thumbnail of a raster image, written beside the received file (removed with it):
 * undefined for other kinds. An image the owner type must show (AVATAR, SIGNATURE) that cannot
 * be thumbnailed is refused with 400; another one is kept without a thumbnail.
 */
async function thumbnailFor(
  request: FastifyRequest,
  file: ReceivedFile,
  name: string,
  kind: FileKind,
  ownerType: OwnerType,
) {
  if (!RASTER.includes(kind)) return undefined;
  const { fit, required } = thumbnailOf(ownerType);
  try {
    const bytes = await makeThumbnail(file.path, fit);
    const path = `${file.path}.thumbnail.webp`;
    await writeFile(path, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return { path, info: { size: bytes.length, sha256, contentType: FileKinds.webp.mime } };
  } catch (error) {
    if (!(error instanceof ImageProblem)) throw error;
    if (required) throw fileProblem(file.field, FieldErrorKeys.invalidValue, `${name}: ${error.message}`);
    request.log.warn({ file: name, problem: error.message }, 'image kept without a thumbnail');
    return undefined;
  }
}

/** The limits table as GET /limits answers it (the upload box shows it). */
export const limitsTable = () =>
  OWNER_TYPES.map((ownerType) => ({
    ownerType,
    maxBytes: OwnerTypeLimits[ownerType].maxBytes,
    maxSize: megabytes(OwnerTypeLimits[ownerType].maxBytes),
    extensions: (OwnerTypeLimits[ownerType].kinds as readonly FileKind[]).flatMap((kind) => [
      ...FileKinds[kind].extensions,
    ]),
  }));
