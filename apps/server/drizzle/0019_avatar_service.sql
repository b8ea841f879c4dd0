-- Issue 24: the avatar chip asks Gravatar only where the licence says so. New licences start with it off
-- (licence/provision.ts); the licences made before keep what they had, the spec's behaviour.
INSERT INTO "settings" ("licence_id", "name", "value", "type")
SELECT l."id", 'avatar_service', 'gravatar', 'string' FROM "licences" l
WHERE NOT EXISTS (SELECT 1 FROM "settings" s WHERE s."licence_id" = l."id" AND s."name" = 'avatar_service');
