-- Sorting the shipments and containers lists by a custom field (issue 31 item 1): texts (short text, enum values,
-- booleans, references) compare without case, so a field's values are indexed in that order too, beside migration
-- 0038's index of them as written (which filters by a whole value). A sorted page walks this index of one field
-- (definition, lower(value), record) forward or backward and reads each row by its primary key; numbers and times
-- sort through 0038's indexes of their typed copies as they are.
CREATE INDEX "custom_field_values_text_sort_idx" ON "custom_field_values" USING btree ("definition_id",lower("text_value"),"entity_id") WHERE "custom_field_values"."text_value" is not null;