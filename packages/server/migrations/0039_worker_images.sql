-- 0039 an employee's avatar and signature (issue 11, catalogues §3 "avatar and signature: images,
-- thumbnails 200×200, default avatars by gender"). The storage service makes a 200×200 thumbnail
-- of every raster image it keeps and stores it beside the original under thumbnail_key (null: no
-- thumbnail, e.g. a PDF, or a file kept before this migration). A worker names its avatar and its
-- signature by file id, a file of its own tenant (the composite key keeps tenants apart); without
-- an avatar the browser draws the default one of the worker's gender.
ALTER TABLE files ADD COLUMN thumbnail_key varchar(520);
--> statement-breakpoint
ALTER TABLE workers
  ADD COLUMN avatar_id uuid,
  ADD COLUMN signature_id uuid,
  ADD CONSTRAINT workers_avatar_fkey FOREIGN KEY (tenant_id, avatar_id) REFERENCES files (tenant_id, id),
  ADD CONSTRAINT workers_signature_fkey FOREIGN KEY (tenant_id, signature_id) REFERENCES files (tenant_id, id);
