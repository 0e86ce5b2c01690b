-- participant_tags carries copies of its participant's status and lifetime points (schema/console.ts),
-- so the console's list filtered by tag and status and sorted by points reads one index range
-- (participant_tags_list_idx). These triggers keep the copies right whatever writes the rows: the
-- ledger trigger moving points, an admin changing a status, an import, a bulk load.
-- A new tag row takes the participant's values (inserts may leave the defaults).
CREATE TRIGGER `participant_tags_copy_participant` AFTER INSERT ON `participant_tags`
BEGIN
  UPDATE `participant_tags`
     SET `status` = (SELECT `status` FROM `participants` WHERE `id` = NEW.`participant_id`),
         `points` = (SELECT `points` FROM `participants` WHERE `id` = NEW.`participant_id`)
   WHERE `program_id` = NEW.`program_id` AND `tag` = NEW.`tag` AND `participant_id` = NEW.`participant_id`;
END;
--> statement-breakpoint
-- A participant's status or points change: their tag rows follow (participant_tags_participant_idx).
-- Other updates (row_version, sign-in counts) do not fire it.
CREATE TRIGGER `participant_tags_follow_participant` AFTER UPDATE OF `status`, `points` ON `participants`
WHEN NEW.`status` IS NOT OLD.`status` OR NEW.`points` IS NOT OLD.`points`
BEGIN
  UPDATE `participant_tags` SET `status` = NEW.`status`, `points` = NEW.`points`
   WHERE `program_id` = NEW.`program_id` AND `participant_id` = NEW.`id`;
END;
--> statement-breakpoint
-- Rows written before this migration.
UPDATE `participant_tags`
   SET `status` = (SELECT p.`status` FROM `participants` p WHERE p.`id` = `participant_tags`.`participant_id`),
       `points` = (SELECT p.`points` FROM `participants` p WHERE p.`id` = `participant_tags`.`participant_id`);
