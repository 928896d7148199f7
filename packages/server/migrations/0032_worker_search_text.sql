-- Accent-insensitive search over workers (issue 11: the contacts directory). hcm_fold is the
-- SQL twin of foldForSearch (services/om/areas/area-files.ts): Vietnamese letters to their
-- base letter, đ to d, combining marks dropped, lower case, spaces collapsed. Immutable, so a
-- stored generated column can hold it and a trigram index can serve "lan" for "Lân".
CREATE FUNCTION hcm_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN btrim(regexp_replace(lower(translate(
    regexp_replace(value, '[\u0300-\u036f]', '', 'g'),
    'àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬÈÉẺẼẸÊỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢÙÚỦŨỤƯỪỨỬỮỰỲÝỶỸỴĐ',
    'aaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyydaaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyyd')), '\s+', ' ', 'g'));
--> statement-breakpoint
ALTER TABLE workers ADD COLUMN search_text text GENERATED ALWAYS AS (
  hcm_fold(full_name || ' ' || code || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED;
--> statement-breakpoint
CREATE INDEX workers_search_text_idx ON workers USING gin (tenant_id, search_text gin_trgm_ops);
