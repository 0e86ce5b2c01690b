-- Program economics rollups (worker/src/db/schema/economics.ts), kept by triggers in the same statement
-- as the row they count, whatever code, batch or tool writes it, as the dashboard's (migration 0011).
-- The invariant (worker/src/features/economics/economics-rollups.test.ts): every rollup equals a recount
-- of the raw rows. Point flows and lots count every participant (staff too: they are the ledger's own
-- sums, and sum(remaining) is the sum of the participants' unused_points); member counts (tiers,
-- cohorts) leave staff out, with the participant's CURRENT staff flag.
--
-- A ledger row's source, as the report shows it: challenges by their type (the referral challenge as
-- `referral`, the signup bonus as challenge type `signup`), receipts as `purchase_proof`, others as
-- the ledger names them. Its flow: earned (positive earn and adjust), reversed (negative refund: a
-- receipt marked invalid), spent (spend), refunded (positive refund: a reward refunded), deducted
-- (negative adjust), expired (expire). earned - reversed - spent + refunded - deducted - expired is the
-- row's delta.
--
-- Lots: every positive row is a lot of its month; points are used oldest first, so what is left of a
-- participant's lot of month m is clamp(balance - (their lots' earnings after m), 0, lot's earnings).
--
-- bench/admin.ts builds the rollups of a bulk-loaded database with the statements between the markers
-- (features/economics/economics-migration.ts), so they are plain INSERT ... SELECT and UPDATE.
-- dashboard-backfill:start
DELETE FROM `program_points_daily`;
--> statement-breakpoint
DELETE FROM `participant_point_lots`;
--> statement-breakpoint
DELETE FROM `program_point_lots`;
--> statement-breakpoint
DELETE FROM `program_cohort_activity`;
--> statement-breakpoint
DELETE FROM `program_tier_members`;
--> statement-breakpoint
DELETE FROM `program_tier_moves`;
--> statement-breakpoint
INSERT INTO `program_points_daily` (`program_id`, `day`, `source`, `challenge_type`, `earned`, `reversed`, `spent`, `refunded`, `deducted`, `expired`)
SELECT l.`program_id`, strftime('%Y-%m-%d', l.`created_at` / 1000, 'unixepoch'),
       CASE l.`source` WHEN 'challenge' THEN (CASE WHEN c.`challenge_type` = 'referral' THEN 'referral' ELSE 'challenge' END)
                       WHEN 'signup' THEN 'challenge' WHEN 'receipt' THEN 'purchase_proof' ELSE l.`source` END,
       CASE l.`source` WHEN 'challenge' THEN (CASE WHEN c.`challenge_type` = 'referral' THEN '' ELSE coalesce(c.`challenge_type`, '') END)
                       WHEN 'signup' THEN 'signup' ELSE '' END,
       sum(CASE WHEN l.`kind` IN ('earn', 'adjust') AND l.`delta` > 0 THEN l.`delta` ELSE 0 END),
       sum(CASE WHEN l.`kind` = 'refund' AND l.`delta` < 0 THEN -l.`delta` ELSE 0 END),
       sum(CASE WHEN l.`kind` = 'spend' THEN -l.`delta` ELSE 0 END),
       sum(CASE WHEN l.`kind` = 'refund' AND l.`delta` > 0 THEN l.`delta` ELSE 0 END),
       sum(CASE WHEN l.`kind` IN ('earn', 'adjust') AND l.`delta` < 0 THEN -l.`delta` ELSE 0 END),
       sum(CASE WHEN l.`kind` = 'expire' THEN -l.`delta` ELSE 0 END)
  FROM `points_ledger` l
  LEFT JOIN `challenges` c ON l.`source` = 'challenge' AND c.`id` = l.`source_id` AND c.`program_id` = l.`program_id`
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `participant_point_lots` (`program_id`, `participant_id`, `month`, `earned`, `remaining`)
SELECT `program_id`, `participant_id`, strftime('%Y-%m', `created_at` / 1000, 'unixepoch'), sum(`delta`), 0
  FROM `points_ledger`
 WHERE `delta` > 0
 GROUP BY 1, 2, 3;
--> statement-breakpoint
UPDATE `participant_point_lots`
   SET `remaining` = max(0, min(`earned`,
         coalesce((SELECT p.`unused_points` FROM `participants` p WHERE p.`id` = `participant_point_lots`.`participant_id`), 0)
         - coalesce((SELECT sum(l2.`earned`) FROM `participant_point_lots` l2
                      WHERE l2.`program_id` = `participant_point_lots`.`program_id` AND l2.`participant_id` = `participant_point_lots`.`participant_id`
                        AND l2.`month` > `participant_point_lots`.`month`), 0)));
--> statement-breakpoint
INSERT INTO `program_point_lots` (`program_id`, `month`, `earned`, `remaining`)
SELECT `program_id`, `month`, sum(`earned`), sum(`remaining`) FROM `participant_point_lots` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `program_cohort_activity` (`program_id`, `cohort`, `month`, `active`)
SELECT a.`program_id`, strftime('%Y-%m', p.`created_at` / 1000, 'unixepoch'), a.`month`, count(*)
  FROM `participant_monthly_activity` a JOIN `participants` p ON p.`id` = a.`participant_id`
 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `program_tier_members` (`program_id`, `tier_id`, `members`)
SELECT `program_id`, coalesce(`tier_id`, 0), count(*) FROM `participants` WHERE `staff` = 0 GROUP BY 1, 2;
--> statement-breakpoint
-- Moves before this migration, from the tier_changed actions: each one's previous tier is the tier of
-- the participant's action before it (none before the first).
INSERT INTO `program_tier_moves` (`program_id`, `month`, `tier_id`, `moves_up`, `moves_down`)
SELECT m.`program_id`, m.`month`, m.`tier_id`,
       sum(CASE WHEN coalesce(tn.`points_threshold_min`, -1) > coalesce(tp.`points_threshold_min`, -1) THEN 1 ELSE 0 END),
       sum(CASE WHEN coalesce(tn.`points_threshold_min`, -1) < coalesce(tp.`points_threshold_min`, -1) THEN 1 ELSE 0 END)
  FROM (SELECT a.`program_id`, strftime('%Y-%m', a.`created_at` / 1000, 'unixepoch') AS `month`, a.`actionable_id` AS `tier_id`,
               lag(a.`actionable_id`) OVER (PARTITION BY a.`participant_id` ORDER BY a.`created_at`, a.`id`) AS `previous`
          FROM `participant_actions` a JOIN `participants` p ON p.`id` = a.`participant_id` AND p.`staff` = 0
         WHERE a.`action_type` = 'tier_changed' AND a.`actionable_id` IS NOT NULL) m
  LEFT JOIN `tiers` tn ON tn.`id` = m.`tier_id`
  LEFT JOIN `tiers` tp ON tp.`id` = m.`previous`
 GROUP BY 1, 2, 3
HAVING sum(CASE WHEN coalesce(tn.`points_threshold_min`, -1) <> coalesce(tp.`points_threshold_min`, -1) THEN 1 ELSE 0 END) > 0;
--> statement-breakpoint
-- dashboard-backfill:end
-- The ledger's trigger of migration 0001, with the lots and the flows: the lot first, so the balance
-- update and the lots' recount see it; only lots that can change are recounted (a positive row: its
-- month's lot and later ones; a negative one: the lots with points left).
DROP TRIGGER IF EXISTS `points_ledger_apply`;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_apply` AFTER INSERT ON `points_ledger`
BEGIN
  INSERT INTO `participant_point_lots` (`program_id`, `participant_id`, `month`, `earned`, `remaining`)
  SELECT NEW.`program_id`, NEW.`participant_id`, strftime('%Y-%m', NEW.`created_at` / 1000, 'unixepoch'), NEW.`delta`, 0
   WHERE NEW.`delta` > 0
  ON CONFLICT (`program_id`, `participant_id`, `month`) DO UPDATE SET `earned` = `earned` + excluded.`earned`;
  UPDATE `participants`
     SET `unused_points` = `unused_points` + NEW.`delta`,
         `points` = `points` + (CASE WHEN NEW.`kind` = 'earn' AND NEW.`delta` > 0 THEN NEW.`delta` ELSE 0 END),
         `updated_at` = cast(unixepoch('subsecond') * 1000 as integer)
   WHERE `id` = NEW.`participant_id` AND `program_id` = NEW.`program_id`;
  INSERT INTO `program_point_lots` (`program_id`, `month`, `earned`, `remaining`)
  SELECT NEW.`program_id`, strftime('%Y-%m', NEW.`created_at` / 1000, 'unixepoch'), NEW.`delta`, 0
   WHERE NEW.`delta` > 0
  ON CONFLICT (`program_id`, `month`) DO UPDATE SET `earned` = `earned` + excluded.`earned`;
  INSERT INTO `program_point_lots` (`program_id`, `month`, `earned`, `remaining`)
  SELECT l.`program_id`, l.`month`, 0,
         max(0, min(l.`earned`,
           coalesce((SELECT p.`unused_points` FROM `participants` p WHERE p.`id` = NEW.`participant_id`), 0)
           - coalesce((SELECT sum(l2.`earned`) FROM `participant_point_lots` l2
                        WHERE l2.`program_id` = NEW.`program_id` AND l2.`participant_id` = NEW.`participant_id` AND l2.`month` > l.`month`), 0)))
         - l.`remaining`
    FROM `participant_point_lots` l
   WHERE l.`program_id` = NEW.`program_id` AND l.`participant_id` = NEW.`participant_id`
     AND ((NEW.`delta` < 0 AND l.`remaining` > 0) OR (NEW.`delta` > 0 AND l.`month` >= strftime('%Y-%m', NEW.`created_at` / 1000, 'unixepoch')))
  ON CONFLICT (`program_id`, `month`) DO UPDATE SET `remaining` = `remaining` + excluded.`remaining`;
  UPDATE `participant_point_lots`
     SET `remaining` = max(0, min(`earned`,
           coalesce((SELECT p.`unused_points` FROM `participants` p WHERE p.`id` = NEW.`participant_id`), 0)
           - coalesce((SELECT sum(l2.`earned`) FROM `participant_point_lots` l2
                        WHERE l2.`program_id` = NEW.`program_id` AND l2.`participant_id` = NEW.`participant_id` AND l2.`month` > `participant_point_lots`.`month`), 0)))
   WHERE `program_id` = NEW.`program_id` AND `participant_id` = NEW.`participant_id`
     AND ((NEW.`delta` < 0 AND `remaining` > 0) OR (NEW.`delta` > 0 AND `month` >= strftime('%Y-%m', NEW.`created_at` / 1000, 'unixepoch')));
  INSERT INTO `program_points_daily` (`program_id`, `day`, `source`, `challenge_type`, `earned`, `reversed`, `spent`, `refunded`, `deducted`, `expired`)
  SELECT NEW.`program_id`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch'),
         CASE NEW.`source` WHEN 'challenge' THEN (CASE WHEN c.`challenge_type` = 'referral' THEN 'referral' ELSE 'challenge' END)
                           WHEN 'signup' THEN 'challenge' WHEN 'receipt' THEN 'purchase_proof' ELSE NEW.`source` END,
         CASE NEW.`source` WHEN 'challenge' THEN (CASE WHEN c.`challenge_type` = 'referral' THEN '' ELSE coalesce(c.`challenge_type`, '') END)
                           WHEN 'signup' THEN 'signup' ELSE '' END,
         CASE WHEN NEW.`kind` IN ('earn', 'adjust') AND NEW.`delta` > 0 THEN NEW.`delta` ELSE 0 END,
         CASE WHEN NEW.`kind` = 'refund' AND NEW.`delta` < 0 THEN -NEW.`delta` ELSE 0 END,
         CASE WHEN NEW.`kind` = 'spend' THEN -NEW.`delta` ELSE 0 END,
         CASE WHEN NEW.`kind` = 'refund' AND NEW.`delta` > 0 THEN NEW.`delta` ELSE 0 END,
         CASE WHEN NEW.`kind` IN ('earn', 'adjust') AND NEW.`delta` < 0 THEN -NEW.`delta` ELSE 0 END,
         CASE WHEN NEW.`kind` = 'expire' THEN -NEW.`delta` ELSE 0 END
    FROM (SELECT 1) LEFT JOIN `challenges` c ON NEW.`source` = 'challenge' AND c.`id` = NEW.`source_id` AND c.`program_id` = NEW.`program_id`
   WHERE true
  ON CONFLICT (`program_id`, `day`, `source`, `challenge_type`) DO UPDATE SET
    `earned` = `earned` + excluded.`earned`,
    `reversed` = `reversed` + excluded.`reversed`,
    `spent` = `spent` + excluded.`spent`,
    `refunded` = `refunded` + excluded.`refunded`,
    `deducted` = `deducted` + excluded.`deducted`,
    `expired` = `expired` + excluded.`expired`;
END;
--> statement-breakpoint
-- Ledger rows go only with their participant (or program): their flows go with them. UPDATE, never an
-- upsert: a program being deleted has no row left to write to.
CREATE TRIGGER `points_ledger_economics_delete` AFTER DELETE ON `points_ledger`
BEGIN
  UPDATE `program_points_daily` SET
    `earned` = `earned` - (CASE WHEN OLD.`kind` IN ('earn', 'adjust') AND OLD.`delta` > 0 THEN OLD.`delta` ELSE 0 END),
    `reversed` = `reversed` - (CASE WHEN OLD.`kind` = 'refund' AND OLD.`delta` < 0 THEN -OLD.`delta` ELSE 0 END),
    `spent` = `spent` - (CASE WHEN OLD.`kind` = 'spend' THEN -OLD.`delta` ELSE 0 END),
    `refunded` = `refunded` - (CASE WHEN OLD.`kind` = 'refund' AND OLD.`delta` > 0 THEN OLD.`delta` ELSE 0 END),
    `deducted` = `deducted` - (CASE WHEN OLD.`kind` IN ('earn', 'adjust') AND OLD.`delta` < 0 THEN -OLD.`delta` ELSE 0 END),
    `expired` = `expired` - (CASE WHEN OLD.`kind` = 'expire' THEN -OLD.`delta` ELSE 0 END)
   WHERE `program_id` = OLD.`program_id` AND `day` = strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch')
     AND `source` = CASE OLD.`source` WHEN 'challenge' THEN coalesce((SELECT CASE WHEN c.`challenge_type` = 'referral' THEN 'referral' ELSE 'challenge' END FROM `challenges` c WHERE c.`id` = OLD.`source_id` AND c.`program_id` = OLD.`program_id`), 'challenge')
                                      WHEN 'signup' THEN 'challenge' WHEN 'receipt' THEN 'purchase_proof' ELSE OLD.`source` END
     AND `challenge_type` = CASE OLD.`source` WHEN 'challenge' THEN coalesce((SELECT CASE WHEN c.`challenge_type` = 'referral' THEN '' ELSE c.`challenge_type` END FROM `challenges` c WHERE c.`id` = OLD.`source_id` AND c.`program_id` = OLD.`program_id`), '')
                                              WHEN 'signup' THEN 'signup' ELSE '' END;
END;
--> statement-breakpoint
-- A participant deleted takes their lots out of the program's (their lot rows go by the cascade) and
-- leaves their tier.
CREATE TRIGGER `participants_economics_delete` BEFORE DELETE ON `participants`
BEGIN
  UPDATE `program_point_lots`
     SET `earned` = `earned` - coalesce((SELECT l.`earned` FROM `participant_point_lots` l WHERE l.`program_id` = OLD.`program_id` AND l.`participant_id` = OLD.`id` AND l.`month` = `program_point_lots`.`month`), 0),
         `remaining` = `remaining` - coalesce((SELECT l.`remaining` FROM `participant_point_lots` l WHERE l.`program_id` = OLD.`program_id` AND l.`participant_id` = OLD.`id` AND l.`month` = `program_point_lots`.`month`), 0)
   WHERE `program_id` = OLD.`program_id`
     AND `month` IN (SELECT l.`month` FROM `participant_point_lots` l WHERE l.`program_id` = OLD.`program_id` AND l.`participant_id` = OLD.`id`);
  UPDATE `program_tier_members` SET `members` = `members` - 1
   WHERE OLD.`staff` = 0 AND `program_id` = OLD.`program_id` AND `tier_id` = coalesce(OLD.`tier_id`, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `participants_economics_insert` AFTER INSERT ON `participants`
WHEN NEW.`staff` = 0
BEGIN
  INSERT INTO `program_tier_members` (`program_id`, `tier_id`, `members`) VALUES (NEW.`program_id`, coalesce(NEW.`tier_id`, 0), 1)
  ON CONFLICT (`program_id`, `tier_id`) DO UPDATE SET `members` = `members` + 1;
END;
--> statement-breakpoint
-- A tier change moves a member between tiers, counted up or down by the tiers' lower thresholds (no
-- tier is below every tier) in the month it happens; a member made staff leaves the counts, and back.
CREATE TRIGGER `participants_economics_tier` AFTER UPDATE OF `tier_id`, `staff` ON `participants`
WHEN OLD.`tier_id` IS NOT NEW.`tier_id` OR OLD.`staff` <> NEW.`staff`
BEGIN
  UPDATE `program_tier_members` SET `members` = `members` - 1
   WHERE OLD.`staff` = 0 AND `program_id` = OLD.`program_id` AND `tier_id` = coalesce(OLD.`tier_id`, 0);
  INSERT INTO `program_tier_members` (`program_id`, `tier_id`, `members`)
  SELECT NEW.`program_id`, coalesce(NEW.`tier_id`, 0), 1 WHERE NEW.`staff` = 0
  ON CONFLICT (`program_id`, `tier_id`) DO UPDATE SET `members` = `members` + 1;
  INSERT INTO `program_tier_moves` (`program_id`, `month`, `tier_id`, `moves_up`, `moves_down`)
  SELECT NEW.`program_id`, strftime('%Y-%m', 'now'), coalesce(NEW.`tier_id`, 0), CASE WHEN t.`now_min` > t.`was_min` THEN 1 ELSE 0 END, CASE WHEN t.`now_min` < t.`was_min` THEN 1 ELSE 0 END
    FROM (SELECT coalesce((SELECT `points_threshold_min` FROM `tiers` WHERE `id` = NEW.`tier_id`), -1) AS `now_min`,
                 coalesce((SELECT `points_threshold_min` FROM `tiers` WHERE `id` = OLD.`tier_id`), -1) AS `was_min`) t
   WHERE NEW.`staff` = 0 AND OLD.`staff` = 0 AND OLD.`tier_id` IS NOT NEW.`tier_id` AND t.`now_min` <> t.`was_min`
  ON CONFLICT (`program_id`, `month`, `tier_id`) DO UPDATE SET `moves_up` = `moves_up` + excluded.`moves_up`, `moves_down` = `moves_down` + excluded.`moves_down`;
END;
--> statement-breakpoint
-- Retention: participant_monthly_activity holds members only (migration 0011 keeps staff out of it).
CREATE TRIGGER `participant_monthly_activity_cohort_insert` AFTER INSERT ON `participant_monthly_activity`
BEGIN
  INSERT INTO `program_cohort_activity` (`program_id`, `cohort`, `month`, `active`)
  SELECT NEW.`program_id`, strftime('%Y-%m', p.`created_at` / 1000, 'unixepoch'), NEW.`month`, 1 FROM `participants` p WHERE p.`id` = NEW.`participant_id`
  ON CONFLICT (`program_id`, `cohort`, `month`) DO UPDATE SET `active` = `active` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_monthly_activity_cohort_delete` AFTER DELETE ON `participant_monthly_activity`
BEGIN
  UPDATE `program_cohort_activity` SET `active` = `active` - 1
   WHERE `program_id` = OLD.`program_id` AND `month` = OLD.`month`
     AND `cohort` = (SELECT strftime('%Y-%m', p.`created_at` / 1000, 'unixepoch') FROM `participants` p WHERE p.`id` = OLD.`participant_id`);
END;
