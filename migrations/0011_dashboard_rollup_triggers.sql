-- Dashboard rollups (worker/src/db/schema/console.ts), kept by triggers in the same statement as the
-- row they count, whatever code, batch or tool writes it. The invariant (worker/src/features/dashboard/
-- rollups.test.ts): every rollup equals a recount of the raw rows with the participants' CURRENT staff
-- flag, so staff members are never counted, and a participant made staff (or made a member again)
-- takes their history out (or back in). Days and months are UTC, from the rows' own timestamps.
-- "Earned" points of an action: positive points, except a refund (it gives back points spent).
-- Participant actions and completions are inserted and deleted, never updated.
--
-- The backfill below is the same SQL bench/admin.ts runs to build the rollups of a bulk-loaded
-- database (it reads the statements between the markers), so it is plain INSERT ... SELECT.
-- dashboard-backfill:start
DELETE FROM `program_daily_stats`;
--> statement-breakpoint
DELETE FROM `program_monthly_stats`;
--> statement-breakpoint
DELETE FROM `participant_monthly_activity`;
--> statement-breakpoint
INSERT INTO `program_daily_stats` (`program_id`, `day`, `participant_actions`, `challenge_actions`, `reward_actions`)
SELECT a.`program_id`, strftime('%Y-%m-%d', a.`created_at` / 1000, 'unixepoch'), count(*),
       sum(CASE WHEN a.`actionable_type` = 'Challenge' THEN 1 ELSE 0 END), sum(CASE WHEN a.`actionable_type` = 'Reward' THEN 1 ELSE 0 END)
  FROM `participant_actions` a JOIN `participants` p ON p.`id` = a.`participant_id`
 WHERE p.`staff` = 0
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `program_daily_stats` (`program_id`, `day`, `completed_challenges`)
SELECT c.`program_id`, strftime('%Y-%m-%d', c.`created_at` / 1000, 'unixepoch'), count(*)
  FROM `challenge_completions` c JOIN `participants` p ON p.`id` = c.`participant_id`
 WHERE p.`staff` = 0
 GROUP BY 1, 2
ON CONFLICT (`program_id`, `day`) DO UPDATE SET `completed_challenges` = excluded.`completed_challenges`;
--> statement-breakpoint
INSERT INTO `program_daily_stats` (`program_id`, `day`, `new_participants`)
SELECT `program_id`, strftime('%Y-%m-%d', `created_at` / 1000, 'unixepoch'), count(*)
  FROM `participants`
 WHERE `staff` = 0
 GROUP BY 1, 2
ON CONFLICT (`program_id`, `day`) DO UPDATE SET `new_participants` = excluded.`new_participants`;
--> statement-breakpoint
INSERT INTO `program_daily_stats` (`program_id`, `day`, `visits`)
SELECT `program_id`, strftime('%Y-%m-%d', `started_at` / 1000, 'unixepoch'), count(*)
  FROM `visits`
 GROUP BY 1, 2
ON CONFLICT (`program_id`, `day`) DO UPDATE SET `visits` = excluded.`visits`;
--> statement-breakpoint
INSERT INTO `participant_monthly_activity` (`program_id`, `month`, `participant_id`, `actions`, `points`)
SELECT a.`program_id`, strftime('%Y-%m', a.`created_at` / 1000, 'unixepoch'), a.`participant_id`, count(*),
       sum(CASE WHEN a.`points` > 0 AND a.`action_type` <> 'reward_refunded' THEN a.`points` ELSE 0 END)
  FROM `participant_actions` a JOIN `participants` p ON p.`id` = a.`participant_id`
 WHERE p.`staff` = 0
 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `program_monthly_stats` (`program_id`, `month`, `active_participants`)
SELECT `program_id`, `month`, count(*) FROM `participant_monthly_activity` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `program_monthly_stats` (`program_id`, `month`, `new_participants`)
SELECT `program_id`, strftime('%Y-%m', `created_at` / 1000, 'unixepoch'), count(*)
  FROM `participants`
 WHERE `staff` = 0
 GROUP BY 1, 2
ON CONFLICT (`program_id`, `month`) DO UPDATE SET `new_participants` = excluded.`new_participants`;
--> statement-breakpoint
UPDATE `participants`
   SET `last_action_at` = (SELECT max(a.`created_at`) FROM `participant_actions` a WHERE a.`program_id` = `participants`.`program_id` AND a.`participant_id` = `participants`.`id`)
 WHERE `last_action_at` IS NULL
   AND EXISTS (SELECT 1 FROM `participant_actions` a WHERE a.`program_id` = `participants`.`program_id` AND a.`participant_id` = `participants`.`id`);
--> statement-breakpoint
-- dashboard-backfill:end
-- last_action_at is the participant's newest action, staff or not (the active-participant count
-- filters staff itself).
CREATE TRIGGER `participant_actions_last_action_insert` AFTER INSERT ON `participant_actions`
BEGIN
  UPDATE `participants` SET `last_action_at` = NEW.`created_at`
   WHERE `id` = NEW.`participant_id` AND (`last_action_at` IS NULL OR `last_action_at` < NEW.`created_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `participant_actions_last_action_delete` AFTER DELETE ON `participant_actions`
BEGIN
  UPDATE `participants`
     SET `last_action_at` = (SELECT max(a.`created_at`) FROM `participant_actions` a WHERE a.`program_id` = OLD.`program_id` AND a.`participant_id` = OLD.`participant_id`)
   WHERE `id` = OLD.`participant_id` AND `last_action_at` <= OLD.`created_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_actions_dashboard_insert` AFTER INSERT ON `participant_actions`
WHEN EXISTS (SELECT 1 FROM `participants` WHERE `id` = NEW.`participant_id` AND `staff` = 0)
BEGIN
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `participant_actions`, `challenge_actions`, `reward_actions`)
  VALUES (NEW.`program_id`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch'), 1,
          CASE WHEN NEW.`actionable_type` = 'Challenge' THEN 1 ELSE 0 END, CASE WHEN NEW.`actionable_type` = 'Reward' THEN 1 ELSE 0 END)
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET
    `participant_actions` = `participant_actions` + 1,
    `challenge_actions` = `challenge_actions` + excluded.`challenge_actions`,
    `reward_actions` = `reward_actions` + excluded.`reward_actions`;
  INSERT INTO `participant_monthly_activity` (`program_id`, `month`, `participant_id`, `actions`, `points`)
  VALUES (NEW.`program_id`, strftime('%Y-%m', NEW.`created_at` / 1000, 'unixepoch'), NEW.`participant_id`, 1,
          CASE WHEN NEW.`points` > 0 AND NEW.`action_type` <> 'reward_refunded' THEN NEW.`points` ELSE 0 END)
  ON CONFLICT (`program_id`, `month`, `participant_id`) DO UPDATE SET
    `actions` = `actions` + 1,
    `points` = `points` + excluded.`points`;
END;
--> statement-breakpoint
-- On a participant's deletion their rows are gone by the time the cascade deletes their actions
-- (SQLite deletes the parent row first): the participant's BEFORE DELETE trigger has taken them out.
CREATE TRIGGER `participant_actions_dashboard_delete` AFTER DELETE ON `participant_actions`
WHEN EXISTS (SELECT 1 FROM `participants` WHERE `id` = OLD.`participant_id` AND `staff` = 0)
BEGIN
  UPDATE `program_daily_stats` SET
    `participant_actions` = `participant_actions` - 1,
    `challenge_actions` = `challenge_actions` - (CASE WHEN OLD.`actionable_type` = 'Challenge' THEN 1 ELSE 0 END),
    `reward_actions` = `reward_actions` - (CASE WHEN OLD.`actionable_type` = 'Reward' THEN 1 ELSE 0 END)
   WHERE `program_id` = OLD.`program_id` AND `day` = strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch');
  UPDATE `participant_monthly_activity` SET
    `actions` = `actions` - 1,
    `points` = `points` - (CASE WHEN OLD.`points` > 0 AND OLD.`action_type` <> 'reward_refunded' THEN OLD.`points` ELSE 0 END)
   WHERE `program_id` = OLD.`program_id` AND `month` = strftime('%Y-%m', OLD.`created_at` / 1000, 'unixepoch') AND `participant_id` = OLD.`participant_id`;
  DELETE FROM `participant_monthly_activity`
   WHERE `program_id` = OLD.`program_id` AND `month` = strftime('%Y-%m', OLD.`created_at` / 1000, 'unixepoch') AND `participant_id` = OLD.`participant_id` AND `actions` <= 0;
END;
--> statement-breakpoint
-- A participant's first action in a month makes them one of the month's active participants.
CREATE TRIGGER `participant_monthly_activity_dashboard_insert` AFTER INSERT ON `participant_monthly_activity`
BEGIN
  INSERT INTO `program_monthly_stats` (`program_id`, `month`, `active_participants`) VALUES (NEW.`program_id`, NEW.`month`, 1)
  ON CONFLICT (`program_id`, `month`) DO UPDATE SET `active_participants` = `active_participants` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_monthly_activity_dashboard_delete` AFTER DELETE ON `participant_monthly_activity`
BEGIN
  UPDATE `program_monthly_stats` SET `active_participants` = `active_participants` - 1
   WHERE `program_id` = OLD.`program_id` AND `month` = OLD.`month`;
END;
--> statement-breakpoint
CREATE TRIGGER `challenge_completions_dashboard_insert` AFTER INSERT ON `challenge_completions`
WHEN EXISTS (SELECT 1 FROM `participants` WHERE `id` = NEW.`participant_id` AND `staff` = 0)
BEGIN
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `completed_challenges`)
  VALUES (NEW.`program_id`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch'), 1)
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET `completed_challenges` = `completed_challenges` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `challenge_completions_dashboard_delete` AFTER DELETE ON `challenge_completions`
WHEN EXISTS (SELECT 1 FROM `participants` WHERE `id` = OLD.`participant_id` AND `staff` = 0)
BEGIN
  UPDATE `program_daily_stats` SET `completed_challenges` = `completed_challenges` - 1
   WHERE `program_id` = OLD.`program_id` AND `day` = strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch');
END;
--> statement-breakpoint
CREATE TRIGGER `visits_dashboard_insert` AFTER INSERT ON `visits`
BEGIN
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `visits`)
  VALUES (NEW.`program_id`, strftime('%Y-%m-%d', NEW.`started_at` / 1000, 'unixepoch'), 1)
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET `visits` = `visits` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participants_dashboard_insert` AFTER INSERT ON `participants`
WHEN NEW.`staff` = 0
BEGIN
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `new_participants`)
  VALUES (NEW.`program_id`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch'), 1)
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET `new_participants` = `new_participants` + 1;
  INSERT INTO `program_monthly_stats` (`program_id`, `month`, `new_participants`)
  VALUES (NEW.`program_id`, strftime('%Y-%m', NEW.`created_at` / 1000, 'unixepoch'), 1)
  ON CONFLICT (`program_id`, `month`) DO UPDATE SET `new_participants` = `new_participants` + 1;
END;
--> statement-breakpoint
-- A member leaving (deleted, or made staff) takes out everything they counted for; a staff member
-- becoming a member again puts their history in. The per-day sums run on the participant's own rows
-- (participant index), so the cost is their history, not the program's.
CREATE TRIGGER `participants_dashboard_delete` BEFORE DELETE ON `participants`
WHEN OLD.`staff` = 0
BEGIN
  UPDATE `program_daily_stats` SET `new_participants` = `new_participants` - 1
   WHERE `program_id` = OLD.`program_id` AND `day` = strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch');
  UPDATE `program_monthly_stats` SET `new_participants` = `new_participants` - 1
   WHERE `program_id` = OLD.`program_id` AND `month` = strftime('%Y-%m', OLD.`created_at` / 1000, 'unixepoch');
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `participant_actions`, `challenge_actions`, `reward_actions`)
  SELECT OLD.`program_id`, strftime('%Y-%m-%d', a.`created_at` / 1000, 'unixepoch'), -count(*),
         -sum(CASE WHEN a.`actionable_type` = 'Challenge' THEN 1 ELSE 0 END), -sum(CASE WHEN a.`actionable_type` = 'Reward' THEN 1 ELSE 0 END)
    FROM `participant_actions` a WHERE a.`program_id` = OLD.`program_id` AND a.`participant_id` = OLD.`id`
   GROUP BY 2
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET
    `participant_actions` = `participant_actions` + excluded.`participant_actions`,
    `challenge_actions` = `challenge_actions` + excluded.`challenge_actions`,
    `reward_actions` = `reward_actions` + excluded.`reward_actions`;
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `completed_challenges`)
  SELECT OLD.`program_id`, strftime('%Y-%m-%d', c.`created_at` / 1000, 'unixepoch'), -count(*)
    FROM `challenge_completions` c WHERE c.`program_id` = OLD.`program_id` AND c.`participant_id` = OLD.`id`
   GROUP BY 2
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET `completed_challenges` = `completed_challenges` + excluded.`completed_challenges`;
  DELETE FROM `participant_monthly_activity`
   WHERE `program_id` = OLD.`program_id` AND `participant_id` = OLD.`id`
     AND `month` IN (SELECT strftime('%Y-%m', a.`created_at` / 1000, 'unixepoch') FROM `participant_actions` a WHERE a.`program_id` = OLD.`program_id` AND a.`participant_id` = OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `participants_dashboard_to_staff` AFTER UPDATE OF `staff` ON `participants`
WHEN OLD.`staff` = 0 AND NEW.`staff` = 1
BEGIN
  UPDATE `program_daily_stats` SET `new_participants` = `new_participants` - 1
   WHERE `program_id` = NEW.`program_id` AND `day` = strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch');
  UPDATE `program_monthly_stats` SET `new_participants` = `new_participants` - 1
   WHERE `program_id` = NEW.`program_id` AND `month` = strftime('%Y-%m', NEW.`created_at` / 1000, 'unixepoch');
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `participant_actions`, `challenge_actions`, `reward_actions`)
  SELECT NEW.`program_id`, strftime('%Y-%m-%d', a.`created_at` / 1000, 'unixepoch'), -count(*),
         -sum(CASE WHEN a.`actionable_type` = 'Challenge' THEN 1 ELSE 0 END), -sum(CASE WHEN a.`actionable_type` = 'Reward' THEN 1 ELSE 0 END)
    FROM `participant_actions` a WHERE a.`program_id` = NEW.`program_id` AND a.`participant_id` = NEW.`id`
   GROUP BY 2
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET
    `participant_actions` = `participant_actions` + excluded.`participant_actions`,
    `challenge_actions` = `challenge_actions` + excluded.`challenge_actions`,
    `reward_actions` = `reward_actions` + excluded.`reward_actions`;
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `completed_challenges`)
  SELECT NEW.`program_id`, strftime('%Y-%m-%d', c.`created_at` / 1000, 'unixepoch'), -count(*)
    FROM `challenge_completions` c WHERE c.`program_id` = NEW.`program_id` AND c.`participant_id` = NEW.`id`
   GROUP BY 2
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET `completed_challenges` = `completed_challenges` + excluded.`completed_challenges`;
  DELETE FROM `participant_monthly_activity`
   WHERE `program_id` = NEW.`program_id` AND `participant_id` = NEW.`id`
     AND `month` IN (SELECT strftime('%Y-%m', a.`created_at` / 1000, 'unixepoch') FROM `participant_actions` a WHERE a.`program_id` = NEW.`program_id` AND a.`participant_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `participants_dashboard_from_staff` AFTER UPDATE OF `staff` ON `participants`
WHEN OLD.`staff` = 1 AND NEW.`staff` = 0
BEGIN
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `new_participants`)
  VALUES (NEW.`program_id`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch'), 1)
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET `new_participants` = `new_participants` + 1;
  INSERT INTO `program_monthly_stats` (`program_id`, `month`, `new_participants`)
  VALUES (NEW.`program_id`, strftime('%Y-%m', NEW.`created_at` / 1000, 'unixepoch'), 1)
  ON CONFLICT (`program_id`, `month`) DO UPDATE SET `new_participants` = `new_participants` + 1;
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `participant_actions`, `challenge_actions`, `reward_actions`)
  SELECT NEW.`program_id`, strftime('%Y-%m-%d', a.`created_at` / 1000, 'unixepoch'), count(*),
         sum(CASE WHEN a.`actionable_type` = 'Challenge' THEN 1 ELSE 0 END), sum(CASE WHEN a.`actionable_type` = 'Reward' THEN 1 ELSE 0 END)
    FROM `participant_actions` a WHERE a.`program_id` = NEW.`program_id` AND a.`participant_id` = NEW.`id`
   GROUP BY 2
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET
    `participant_actions` = `participant_actions` + excluded.`participant_actions`,
    `challenge_actions` = `challenge_actions` + excluded.`challenge_actions`,
    `reward_actions` = `reward_actions` + excluded.`reward_actions`;
  INSERT INTO `program_daily_stats` (`program_id`, `day`, `completed_challenges`)
  SELECT NEW.`program_id`, strftime('%Y-%m-%d', c.`created_at` / 1000, 'unixepoch'), count(*)
    FROM `challenge_completions` c WHERE c.`program_id` = NEW.`program_id` AND c.`participant_id` = NEW.`id`
   GROUP BY 2
  ON CONFLICT (`program_id`, `day`) DO UPDATE SET `completed_challenges` = `completed_challenges` + excluded.`completed_challenges`;
  INSERT INTO `participant_monthly_activity` (`program_id`, `month`, `participant_id`, `actions`, `points`)
  SELECT NEW.`program_id`, strftime('%Y-%m', a.`created_at` / 1000, 'unixepoch'), NEW.`id`, count(*),
         sum(CASE WHEN a.`points` > 0 AND a.`action_type` <> 'reward_refunded' THEN a.`points` ELSE 0 END)
    FROM `participant_actions` a WHERE a.`program_id` = NEW.`program_id` AND a.`participant_id` = NEW.`id`
   GROUP BY 2;
END;
