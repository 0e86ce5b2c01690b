-- row_version only moves forward: an update that sets it to its old value or lower (a console, a tool,
-- a restore) gets the next version instead, so a row kept by a process at an older version can never
-- match again (docs/decisions/0008).
DROP TRIGGER IF EXISTS `participants_row_version`;
--> statement-breakpoint
CREATE TRIGGER `participants_row_version` AFTER UPDATE ON `participants`
WHEN NEW.`row_version` <= OLD.`row_version`
BEGIN
  UPDATE `participants` SET `row_version` = OLD.`row_version` + 1 WHERE `id` = NEW.`id`;
END;
