-- The points ledger is the source of truth; these triggers keep the participant's balance
-- (unused_points) and lifetime earnings (points) equal to it in the same statement as the insert.
-- An overspend violates participants_unused_points_nonnegative and fails the whole batch.
CREATE TRIGGER `points_ledger_apply` AFTER INSERT ON `points_ledger`
BEGIN
  UPDATE `participants`
     SET `unused_points` = `unused_points` + NEW.`delta`,
         `points` = `points` + (CASE WHEN NEW.`kind` = 'earn' AND NEW.`delta` > 0 THEN NEW.`delta` ELSE 0 END),
         `updated_at` = cast(unixepoch('subsecond') * 1000 as integer)
   WHERE `id` = NEW.`participant_id` AND `program_id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_no_update` BEFORE UPDATE ON `points_ledger`
BEGIN
  SELECT RAISE(ABORT, 'points_ledger is append-only');
END;
