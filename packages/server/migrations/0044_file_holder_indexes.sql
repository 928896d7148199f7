-- 0044 who may see a stored file follows the record that holds it (issue 26,
-- src/resources/files/readable-files.ts). Asking of one file which records hold it, or of a
-- user's own uploads whether any record holds them, reads these by file: an employee's photo and
-- signature (the files lists already have their (tenant_id, file_id) indexes, migration 0037),
-- and a user's uploads.
CREATE INDEX workers_avatar_idx ON workers (tenant_id, avatar_id);
--> statement-breakpoint
CREATE INDEX workers_signature_idx ON workers (tenant_id, signature_id);
--> statement-breakpoint
CREATE INDEX files_created_by_idx ON files (tenant_id, created_by);
