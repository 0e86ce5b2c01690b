ALTER TABLE `participants` ADD `row_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `participant_sessions_token_lookup_idx` ON `participant_sessions` (`token_hash`,`program_id`,`expires_at`,`participant_id`);--> statement-breakpoint
-- row_version (see the schema) moves on with every change to a participant's row, completions or
-- profile attributes, in the same statement as the change, whatever code or tool makes it. An update
-- that sets row_version itself is left alone (no second write, and no loop if recursive triggers were
-- ever turned on).
CREATE TRIGGER `participants_row_version` AFTER UPDATE ON `participants`
WHEN NEW.`row_version` = OLD.`row_version`
BEGIN
  UPDATE `participants` SET `row_version` = OLD.`row_version` + 1 WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `challenge_completions_row_version_insert` AFTER INSERT ON `challenge_completions`
BEGIN
  UPDATE `participants` SET `row_version` = `row_version` + 1 WHERE `id` = NEW.`participant_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `challenge_completions_row_version_update` AFTER UPDATE ON `challenge_completions`
BEGIN
  UPDATE `participants` SET `row_version` = `row_version` + 1 WHERE `id` IN (OLD.`participant_id`, NEW.`participant_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `challenge_completions_row_version_delete` AFTER DELETE ON `challenge_completions`
BEGIN
  UPDATE `participants` SET `row_version` = `row_version` + 1 WHERE `id` = OLD.`participant_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_profile_attributes_row_version_insert` AFTER INSERT ON `participant_profile_attributes`
BEGIN
  UPDATE `participants` SET `row_version` = `row_version` + 1 WHERE `id` = NEW.`participant_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_profile_attributes_row_version_update` AFTER UPDATE ON `participant_profile_attributes`
BEGIN
  UPDATE `participants` SET `row_version` = `row_version` + 1 WHERE `id` IN (OLD.`participant_id`, NEW.`participant_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `participant_profile_attributes_row_version_delete` AFTER DELETE ON `participant_profile_attributes`
BEGIN
  UPDATE `participants` SET `row_version` = `row_version` + 1 WHERE `id` = OLD.`participant_id`;
END;
