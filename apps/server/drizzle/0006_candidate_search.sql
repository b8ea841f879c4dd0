ALTER TABLE "candidates" ADD COLUMN "contact_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing candidates: their contacts in use as search text (as candidate-contact-text.ts writes it).
UPDATE "candidates" SET "contact_text" = coalesce((
  select string_agg(case when cc.kind = 'phone'
      then cc.value || ' ' || regexp_replace(cc.value, '[^0-9]', '', 'g') else cc.value end, ' ' order by cc.id)
  from candidate_contacts cc where cc.candidate_id = "candidates"."id" and cc.deleted_at is null
), '');--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "search_text" text GENERATED ALWAYS AS (' ' || translate(lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("manual_data"->>'firstName', '') || ' ' || coalesce("manual_data"->>'lastName', '') || ' ' || coalesce("details"->>'title', '') || ' ' || coalesce("manual_data"->>'title', '') || ' ' || "contact_text"), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđŁłıĦħßÆæŒœ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzooddllihhsaaoo')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "candidate_contacts_email_idx" ON "candidate_contacts" USING btree ("licence_id",lower("value")) WHERE "candidate_contacts"."kind" = 'email' AND "candidate_contacts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_search_trgm" ON "candidates" USING gin ("search_text" gin_trgm_ops);