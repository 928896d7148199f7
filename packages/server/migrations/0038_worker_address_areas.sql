-- 0038 where an employee's addresses are (catalogues §3 "addresses … provinceCode, wardCode"): the
-- province and ward of the permanent and temporary address and of the home town, as codes of the
-- areas in force since 1 July 2025 (areas, generation CURRENT). No foreign key: the areas are
-- national facts reloaded from their data file (0017), so the API checks a code when it is
-- written (resources/write/area-fields.ts) and answers its name when it is read.
ALTER TABLE workers
  ADD COLUMN permanent_province_code varchar(2),
  ADD COLUMN permanent_ward_code varchar(5),
  ADD COLUMN temporary_province_code varchar(2),
  ADD COLUMN temporary_ward_code varchar(5),
  ADD COLUMN home_town_province_code varchar(2),
  ADD COLUMN home_town_ward_code varchar(5),
  ADD CONSTRAINT workers_area_codes_check CHECK (
    permanent_province_code ~ '^[0-9]{2}$' AND permanent_ward_code ~ '^[0-9]{5}$'
    AND temporary_province_code ~ '^[0-9]{2}$' AND temporary_ward_code ~ '^[0-9]{5}$'
    AND home_town_province_code ~ '^[0-9]{2}$' AND home_town_ward_code ~ '^[0-9]{5}$'
  );
