import {
  DataEnvelope,
  FieldErrorKeys,
  hasAuthority,
  PageEnvelope,
  Paging,
  PermissionResources,
} from '@hcm/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { files, type FileRow } from '../../db/tables/files.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { callerScope, requireActor } from '../../http/caller-scope.ts';
import type { Tx } from '../../db/database.ts';
import { liveFilesOf, readableFiles, type FileHolder } from '../../resources/files/readable-files.ts';
import { envelope, errorResponses } from '../../http/envelope.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { recordActions } from '../../resources/action-log/record-actions.ts';
import { actionContextOf } from '../../resources/caller.ts';
import { FileKinds, MAX_FILES_PER_UPLOAD, SCRIPTABLE_KINDS } from './limits.ts';
import { receiveUpload } from './receive.ts';
import { contentDisposition, FileRecord, presentFile, STORAGE_PREFIX } from './records.ts';
import { cleanName, limitsTable, ownerOf, storeFiles } from './store-files.ts';
import type { FileStore } from './stores/store.ts';

const Uuid = Type.String({ format: 'uuid' });
const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
const module = PermissionResources.file.module;
const tags = ['storage/files'];

const SORTABLE = {
  originalName: files.originalName,
  size: files.size,
  type: files.type,
  ownerType: files.ownerType,
  createdAt: files.createdAt,
} as const;

const SearchQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 255 })),
    ownerType: Type.Optional(Type.String({ maxLength: 50 })),
    ownerId: Type.Optional(Type.String({ maxLength: 100 })),
    type: Type.Optional(Type.String({ maxLength: 150, description: 'a MIME type, or its start (image/)' })),
    from: Type.Optional(Type.String({ format: 'date', description: 'uploaded on or after (yyyy-MM-dd)' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'uploaded on or before (yyyy-MM-dd)' })),
    pageIndex: Type.Optional(Type.Integer({ minimum: 1, default: Paging.defaultPageIndex })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: Paging.maxPageSize, default: Paging.defaultPageSize }),
    ),
    sortBy: Type.Optional(Type.String({ pattern: `^(${Object.keys(SORTABLE).join('|')})\\.(asc|desc)$` })),
  },
  { additionalProperties: false },
);
type SearchQuery = Type.Static<typeof SearchQuery>;

const Limits = Type.Array(
  Type.Object({
    ownerType: Type.String(),
    maxBytes: Type.Integer(),
    maxSize: Type.String(),
    extensions: Type.Array(Type.String()),
  }),
);

const CheckAnswer = Type.Object({
  names: Type.Array(
    Type.Object({
      name: Type.String(),
      exists: Type.Boolean(),
      latest: Type.Union([FileRecord, Type.Null()]),
    }),
  ),
  sameContent: Type.Array(FileRecord),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Inline only what cannot run script: raster images, PDF and plain text. */
const INLINE_TYPES = new Set<string>(
  (Object.keys(FileKinds) as (keyof typeof FileKinds)[])
    .filter((kind) => !SCRIPTABLE_KINDS.includes(kind))
    .map((kind) => FileKinds[kind].mime),
);

/** /api/storage: the file records and their bytes (README "Files"). */
export async function registerStorageRoutes(
  app: FastifyInstance,
  deps: { db: Db; store: FileStore; fileHolders: readonly FileHolder[] },
): Promise<void> {
  const { db, store, fileHolders } = deps;

  /**
   * Runs `work` in the caller's scope with the condition on the files it may see: the one check
   * of every route here (resources/files/readable-files.ts: a file follows the record that holds
   * it; one no record holds, its uploader and the file administrators).
   */
  const withReadable = <T>(
    request: FastifyRequest,
    work: (tx: Tx, readable: SQL) => Promise<T>,
    /** the question is about these files alone: every part of the condition reads by file */
    only?: readonly string[],
  ) => {
    const scope = callerScope(request);
    const { permissions, isRoot } = requireActor(request);
    return inScope(db, scope, async (tx) =>
      work(tx, await readableFiles(tx, fileHolders, { scope, permissions, isRoot }, only)),
    );
  };

  /** The row of `id` the caller may see, else 404 (as for an id that does not exist). */
  const findVisible = async (request: FastifyRequest, id: string): Promise<FileRow> => {
    const row = await findReadable(request, id);
    if (!row) throw notFound('No such file');
    return row;
  };

  /** The row of `id` the caller may see, if any. */
  const findReadable = async (request: FastifyRequest, id: string): Promise<FileRow | undefined> => {
    const [row] = await withReadable(
      request,
      (tx, readable) =>
        tx
          .select()
          .from(files)
          .where(and(eq(files.id, id), readable)),
      [id],
    );
    return row;
  };

  /** A live photo (AVATAR) of the caller's tenant: a face the contacts directory shows anyone. */
  const findAvatar = async (request: FastifyRequest, id: string): Promise<FileRow | null> => {
    const scope = callerScope(request);
    const [row] = await inScope(db, scope, (tx) =>
      tx
        .select()
        .from(files)
        .where(and(eq(files.id, id), liveFilesOf(scope), eq(files.ownerType, 'AVATAR'))),
    );
    return row ?? null;
  };

  const withNames = async (request: FastifyRequest, rows: FileRow[]) => {
    const ids = [...new Set(rows.map((row) => row.createdBy).filter((id): id is string => id !== null))];
    const names = new Map<string, string>();
    if (ids.length > 0) {
      const found = await inScope(db, callerScope(request), (tx) =>
        tx.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, ids)),
      );
      for (const user of found) names.set(user.id, user.fullName);
    }
    return rows.map((row) =>
      presentFile(row, row.createdBy === null ? null : (names.get(row.createdBy) ?? null)),
    );
  };

  /** Streams the bytes with headers that keep a browser from running them (README "Files", security). */
  const serve = async (reply: FastifyReply, row: FileRow, mode: 'view' | 'download', cache: string) => {
    const stream = await store.get(row.storageKey);
    if (!stream) {
      reply.log.error({ fileId: row.id, key: row.storageKey }, 'file record without its bytes in the store');
      throw notFound('The file is missing from the store');
    }
    const inline = mode === 'view' && INLINE_TYPES.has(row.type);
    reply
      .header('content-type', row.type)
      .header('content-length', String(row.size))
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.originalName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', cache);
    // The PDF viewer is a plugin a sandbox would break; everything else gets no script at all.
    if (row.type !== FileKinds.pdf.mime)
      reply.header(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      );
    return reply.send(stream);
  };

  app.get(
    `${STORAGE_PREFIX}/limits`,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        summary: 'What each owner type may upload, and how large',
        tags,
        response: { 200: DataEnvelope(Limits), ...errorResponses },
      },
    },
    async () => envelope(limitsTable()),
  );

  const uploadOptions = (summary: string) => ({
    config: { auth: 'user' as const, permission: 'file.create', module },
    schema: { summary, tags, consumes: ['multipart/form-data'] },
  });

  app.post(
    `${STORAGE_PREFIX}/files/upload`,
    {
      ...uploadOptions('Upload one file (multipart: file, ownerType, ownerId?, public?)'),
    },
    async (request, reply) => {
      const scope = callerScope(request);
      const received = await receiveUpload(request, reply, { maxFiles: 1 });
      try {
        const [row] = await storeFiles(db, store, request, scope, received);
        reply.code(201);
        return envelope((await withNames(request, row ? [row] : []))[0]);
      } finally {
        await received.discard();
      }
    },
  );

  app.post(
    `${STORAGE_PREFIX}/files/uploads`,
    uploadOptions(
      `Upload up to ${MAX_FILES_PER_UPLOAD} files at once (multipart: files, ownerType, ownerId?, public?): all or none`,
    ),
    async (request, reply) => {
      const scope = callerScope(request);
      const received = await receiveUpload(request, reply, { maxFiles: MAX_FILES_PER_UPLOAD });
      try {
        const rows = await storeFiles(db, store, request, scope, received);
        reply.code(201);
        return envelope(await withNames(request, rows));
      } finally {
        await received.discard();
      }
    },
  );

  app.post(
    `${STORAGE_PREFIX}/files/check-files`,
    {
      config: { auth: 'user', permission: ['file.create', 'file.view'], module },
      schema: {
        summary:
          'Before an upload: which of fileNames the owner already has (the next upload of one becomes its next version), and which of its files have the same content as `file`',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: DataEnvelope(CheckAnswer), ...errorResponses },
      },
    },
    async (request, reply) => {
      const received = await receiveUpload(request, reply, { maxFiles: 1 });
      try {
        const owner = ownerOf(received.fields);
        const names = (received.fields.fileNames ?? [])
          .flatMap((value) => {
            const trimmed = value.trim();
            if (trimmed.startsWith('[')) {
              try {
                const parsed: unknown = JSON.parse(trimmed);
                if (Array.isArray(parsed)) return parsed.map(String);
              } catch {
                throw validationFailed([
                  { field: 'fileNames', code: FieldErrorKeys.invalidValue, message: 'is not a JSON list' },
                ]);
              }
            }
            return trimmed === '' ? [] : [trimmed];
          })
          .slice(0, 100)
          .map((name) => cleanName(name, 'fileNames'));
        const hash = received.files[0]?.sha256;
        const ofOwner = and(
          eq(files.ownerType, owner.ownerType),
          owner.ownerId === null ? isNull(files.ownerId) : eq(files.ownerId, owner.ownerId),
        );
        const { named, same } = await withReadable(request, async (tx, readable) => {
          const ownerRows = and(readable, ofOwner);
          return {
            named:
              names.length === 0
                ? []
                : await tx
                    .select()
                    .from(files)
                    .where(
                      and(
                        ownerRows,
                        inArray(
                          sql`lower(${files.originalName})`,
                          names.map((n) => n.toLowerCase()),
                        ),
                      ),
                    )
                    .orderBy(desc(files.version)),
            same:
              hash === undefined
                ? []
                : await tx
                    .select()
                    .from(files)
                    .where(and(ownerRows, eq(files.hashed, hash))),
          };
        });
        const presentedNamed = await withNames(request, named);
        return envelope({
          names: names.map((name) => {
            const latest =
              presentedNamed.find((row) => row.originalName.toLowerCase() === name.toLowerCase()) ?? null;
            return { name, exists: latest !== null, latest };
          }),
          sameContent: await withNames(request, same),
        });
      } finally {
        await received.discard();
      }
    },
  );

  app.get(
    `${STORAGE_PREFIX}/files`,
    {
      config: { auth: 'user', permission: 'file.view', module },
      schema: {
        summary: 'Search the files',
        tags,
        querystring: SearchQuery,
        response: { 200: PageEnvelope(FileRecord), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as SearchQuery;
      const pageIndex = query.pageIndex ?? Paging.defaultPageIndex;
      const pageSize = query.pageSize ?? Paging.defaultPageSize;
      const conditions: (SQL | undefined)[] = [];
      const keyword = query.keyword?.trim();
      if (keyword) conditions.push(ilike(files.originalName, `%${escapeLike(keyword)}%`));
      if (query.ownerType) conditions.push(eq(files.ownerType, query.ownerType));
      if (query.ownerId) conditions.push(eq(files.ownerId, query.ownerId));
      if (query.type) conditions.push(ilike(files.type, `${escapeLike(query.type)}%`));
      // Days are Vietnam's (UTC+7): "uploaded on 23/11" means that day in Hà Nội.
      if (query.from) conditions.push(gte(files.createdAt, new Date(`${query.from}T00:00:00+07:00`)));
      if (query.to)
        conditions.push(
          lt(files.createdAt, new Date(new Date(`${query.to}T00:00:00+07:00`).getTime() + 86_400_000)),
        );
      const [field, direction] = (query.sortBy ?? 'createdAt.desc').split('.') as [
        keyof typeof SORTABLE,
        'asc' | 'desc',
      ];
      const order = direction === 'asc' ? asc(SORTABLE[field]) : desc(SORTABLE[field]);
      const { rows, total } = await withReadable(request, async (tx, readable) => {
        const where = and(readable, ...conditions);
        return {
          rows: await tx
            .select()
            .from(files)
            .where(where)
            .orderBy(order, asc(files.id))
            .limit(pageSize)
            .offset((pageIndex - 1) * pageSize),
          total:
            (
              await tx
                .select({ n: sql<number>`count(*)::int` })
                .from(files)
                .where(where)
            )[0]?.n ?? 0,
        };
      });
      return { data: await withNames(request, rows), page: { pageIndex, pageSize, total } };
    },
  );

  app.post(
    `${STORAGE_PREFIX}/files/find-by-ids`,
    {
      config: { auth: 'user', permission: 'file.view', module },
      schema: {
        summary: 'The files of these ids the caller reaches (others are left out)',
        tags,
        body: Type.Object(
          { ids: Type.Array(Uuid, { maxItems: Paging.maxPageSize }) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(Type.Array(FileRecord)), ...errorResponses },
      },
    },
    async (request) => {
      const { ids } = request.body as { ids: string[] };
      if (ids.length === 0) return envelope([]);
      const rows = await withReadable(
        request,
        (tx, readable) =>
          tx
            .select()
            .from(files)
            .where(and(readable, inArray(files.id, ids))),
        ids,
      );
      return envelope(await withNames(request, rows));
    },
  );

  app.get(
    `${STORAGE_PREFIX}/files/:id`,
    {
      config: { auth: 'user', permission: 'file.view', module },
      schema: {
        summary: "A file's record",
        tags,
        params: IdParams,
        response: { 200: DataEnvelope(FileRecord), ...errorResponses },
      },
    },
    async (request) => {
      const row = await findVisible(request, (request.params as { id: string }).id);
      return envelope((await withNames(request, [row]))[0]);
    },
  );

  app.get(
    `${STORAGE_PREFIX}/files/:id/view`,
    {
      config: { auth: 'user', permission: 'file.view', module },
      schema: {
        summary: 'The bytes, inline when they cannot run script (else as an attachment)',
        tags,
        params: IdParams,
      },
    },
    async (request, reply) =>
      serve(
        reply,
        await findVisible(request, (request.params as { id: string }).id),
        'view',
        'private, no-store',
      ),
  );

  app.get(
    `${STORAGE_PREFIX}/files/:id/thumbnail`,
    {
      // Colleagues' photos are no secret (the contacts directory shows every colleague's): an
      // AVATAR's thumbnail is for any holder of contacts.view; every other file follows the rule
      // of every file route (file.view, and a record of the file the caller may see).
      config: { auth: 'user', permission: ['file.view', 'contacts.view'] },
      schema: {
        summary: "A raster image's 200×200 WebP thumbnail (404 for a file without one)",
        tags,
        params: IdParams,
      },
    },
    async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const actor = requireActor(request);
      // the face first: a directory page asks for many, and it is one indexed read
      const face = hasAuthority(actor.permissions, 'contacts.view', actor.isRoot)
        ? await findAvatar(request, id)
        : null;
      const shown =
        face ??
        (hasAuthority(actor.permissions, 'file.view', actor.isRoot)
          ? ((await findReadable(request, id)) ?? null)
          : null);
      if (!shown) throw notFound('No such file');
      if (!shown.thumbnailKey) throw notFound('The file has no thumbnail');
      const stream = await store.get(shown.thumbnailKey);
      if (!stream) {
        reply.log.error({ fileId: shown.id, key: shown.thumbnailKey }, 'thumbnail missing from the store');
        throw notFound('The thumbnail is missing from the store');
      }
      // A file's bytes never change (a new upload is a new file): the thumbnail can be kept.
      return reply
        .header('content-type', FileKinds.webp.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(stream);
    },
  );

  app.get(
    `${STORAGE_PREFIX}/files/:id/download`,
    {
      config: { auth: 'user', permission: 'file.view', module },
      schema: { summary: 'The bytes as an attachment named after the file', tags, params: IdParams },
    },
    async (request, reply) =>
      serve(
        reply,
        await findVisible(request, (request.params as { id: string }).id),
        'download',
        'private, no-store',
      ),
  );

  app.get(
    `${STORAGE_PREFIX}/user-manuals/:id/download`,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        summary: 'A user manual (a system USER_MANUAL file) as an attachment, for any signed-in user',
        tags,
        params: IdParams,
      },
    },
    async (request, reply) => {
      const id = (request.params as { id: string }).id;
      // The manuals are for everyone (Admin › user manuals): read as the system, limited here to
      // the system's live USER_MANUAL files, never a tenant's file.
      const [row] = await inScope(db, { tenantId: null, userId: null }, (tx) =>
        tx
          .select()
          .from(files)
          .where(
            and(
              eq(files.id, id),
              isNull(files.tenantId),
              eq(files.ownerType, 'USER_MANUAL'),
              eq(files.deleted, false),
            ),
          ),
      );
      if (!row) throw notFound('No such user manual');
      return serve(reply, row, 'download', 'private, no-store');
    },
  );

  app.get(
    `${STORAGE_PREFIX}/public/:id`,
    {
      config: { auth: 'public' },
      schema: { summary: 'A public file, without signing in (404 for any other)', tags, params: IdParams },
    },
    async (request, reply) => {
      const id = (request.params as { id: string }).id;
      // No caller, so no tenant scope: read as the owner, limited here to public, live files.
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.isPublic, true), eq(files.deleted, false)));
      if (!row) throw notFound('No such file');
      return serve(reply, row, 'view', 'public, max-age=60');
    },
  );

  app.delete(
    `${STORAGE_PREFIX}/files/:id`,
    {
      config: { auth: 'user', permission: 'file.delete', module },
      schema: {
        summary: 'Delete a file (soft: its record is kept, marked deleted; its bytes are kept)',
        tags,
        params: IdParams,
        response: { 200: DataEnvelope(FileRecord), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      const id = (request.params as { id: string }).id;
      const row = await withReadable(
        request,
        async (tx, readable) => {
          const [updated] = await tx
            .update(files)
            .set({ deleted: true, deletedAt: new Date(), deletedBy: scope.userId })
            .where(and(eq(files.id, id), readable))
            .returning();
          if (!updated) throw notFound('No such file');
          await recordActions(tx, actionContextOf(request, scope), [
            {
              resource: 'file',
              recordId: id,
              action: 'DELETE',
              changes: {
                deleted: { before: false, after: true },
                originalName: { before: updated.originalName, after: updated.originalName },
              },
            },
          ]);
          return updated;
        },
        [id],
      );
      return envelope((await withNames(request, [row]))[0]);
    },
  );
}
