CREATE TABLE `sweepstake_draw_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`draw_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`tickets` integer NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`draw_id`) REFERENCES `sweepstake_draws`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sweepstake_draw_entries_uq` ON `sweepstake_draw_entries` (`draw_id`,`participant_id`);--> statement-breakpoint
CREATE INDEX `sweepstake_draw_entries_program_idx` ON `sweepstake_draw_entries` (`program_id`,`draw_id`);--> statement-breakpoint
CREATE TABLE `sweepstake_draws` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`reward_id` integer NOT NULL,
	`status` text NOT NULL,
	`algorithm` text NOT NULL,
	`seed` text NOT NULL,
	`commitment` text NOT NULL,
	`pseudonym_key` text NOT NULL,
	`winner_count` integer NOT NULL,
	`entrants` integer NOT NULL,
	`total_tickets` integer NOT NULL,
	`entries_digest` text,
	`winners` text,
	`committed_at` integer NOT NULL,
	`committed_by` integer,
	`drawn_at` integer,
	`drawn_by` integer,
	`awarded_at` integer,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reward_id`) REFERENCES `rewards`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sweepstake_draws_has_winners" CHECK("sweepstake_draws"."winner_count" > 0),
	CONSTRAINT "sweepstake_draws_has_tickets" CHECK("sweepstake_draws"."total_tickets" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sweepstake_draws_reward_uq` ON `sweepstake_draws` (`program_id`,`reward_id`);--> statement-breakpoint
-- Entries close at commit (docs/sweepstakes-fairness.md): once a sweepstake has a draw row, no code
-- path may add or change its entries, whatever races the commit. The purchase code checks first and
-- answers 'Entries to this sweepstakes are closed'; these triggers are the guard behind that check.
CREATE TRIGGER `sweepstake_entries_closed_insert` BEFORE INSERT ON `sweepstake_entries`
WHEN EXISTS (SELECT 1 FROM `sweepstake_draws` d WHERE d.`program_id` = NEW.`program_id` AND d.`reward_id` = NEW.`reward_id`)
BEGIN
  SELECT RAISE(ABORT, 'sweepstake_entries_closed');
END;
--> statement-breakpoint
CREATE TRIGGER `sweepstake_entries_closed_update` BEFORE UPDATE OF `count` ON `sweepstake_entries`
WHEN NEW.`count` IS NOT OLD.`count`
  AND EXISTS (SELECT 1 FROM `sweepstake_draws` d WHERE d.`program_id` = NEW.`program_id` AND d.`reward_id` = NEW.`reward_id`)
BEGIN
  SELECT RAISE(ABORT, 'sweepstake_entries_closed');
END;
