-- participants.recent_points (migration 0015): the points a participant earned in the 30 days up to
-- their newest action (last_action_at), "earned" as in migration 0011 (positive points, refunds
-- aside). The last-action triggers of 0011 keep it in the same statement, for every writer. As time
-- passes without a new action the true last-30-days figure can only fall below it, so it is an upper
-- bound that is exact for whoever acted today (features/dashboard/top-users.ts ranks with it).
-- bench/admin.ts reads the backfill between the markers, like 0011's.
-- dashboard-backfill:start
UPDATE `participants`
   SET `recent_points` = (SELECT coalesce(sum(CASE WHEN a.`points` > 0 AND a.`action_type` <> 'reward_refunded' THEN a.`points` ELSE 0 END), 0)
                            FROM `participant_actions` a
                           WHERE a.`program_id` = `participants`.`program_id` AND a.`participant_id` = `participants`.`id`
                             AND a.`created_at` >= `participants`.`last_action_at` - 2592000000)
 WHERE `last_action_at` IS NOT NULL;
--> statement-breakpoint
-- dashboard-backfill:end
DROP TRIGGER IF EXISTS `participant_actions_last_action_insert`;
--> statement-breakpoint
CREATE TRIGGER `participant_actions_last_action_insert` AFTER INSERT ON `participant_actions`
BEGIN
  UPDATE `participants`
     SET `last_action_at` = max(coalesce(`last_action_at`, 0), NEW.`created_at`),
         `recent_points` = (SELECT coalesce(sum(CASE WHEN a.`points` > 0 AND a.`action_type` <> 'reward_refunded' THEN a.`points` ELSE 0 END), 0)
                              FROM `participant_actions` a
                             WHERE a.`program_id` = NEW.`program_id` AND a.`participant_id` = NEW.`participant_id`
                               AND a.`created_at` >= max(coalesce(`participants`.`last_action_at`, 0), NEW.`created_at`) - 2592000000)
   WHERE `id` = NEW.`participant_id`;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participant_actions_last_action_delete`;
--> statement-breakpoint
CREATE TRIGGER `participant_actions_last_action_delete` AFTER DELETE ON `participant_actions`
BEGIN
  UPDATE `participants` SET `last_action_at` = (SELECT max(a.`created_at`) FROM `participant_actions` a WHERE a.`program_id` = OLD.`program_id` AND a.`participant_id` = OLD.`participant_id`)
   WHERE `id` = OLD.`participant_id`;
  UPDATE `participants`
     SET `recent_points` = (SELECT coalesce(sum(CASE WHEN a.`points` > 0 AND a.`action_type` <> 'reward_refunded' THEN a.`points` ELSE 0 END), 0)
                              FROM `participant_actions` a
                             WHERE a.`program_id` = OLD.`program_id` AND a.`participant_id` = OLD.`participant_id`
                               AND a.`created_at` >= coalesce(`participants`.`last_action_at`, 0) - 2592000000)
   WHERE `id` = OLD.`participant_id`;
END;
