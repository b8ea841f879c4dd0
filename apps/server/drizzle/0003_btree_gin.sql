-- Custom SQL migration file, put your code below! --
-- btree_gin lets a trigram GIN index start with licence_id, so one index serves a search within one licence.
CREATE EXTENSION IF NOT EXISTS btree_gin;
