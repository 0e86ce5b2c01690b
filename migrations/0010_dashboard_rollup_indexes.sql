DROP INDEX `visits_program_token_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `visits_program_token_uq` ON `visits` (`program_id`,`visit_token`);--> statement-breakpoint
ALTER TABLE `program_daily_stats` ADD `challenge_actions` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `program_daily_stats` ADD `reward_actions` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `participant_actions_program_type_created_idx` ON `participant_actions` (`program_id`,`actionable_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `participants_program_active_idx` ON `participants` (`program_id`,`staff`,`status`,`last_action_at`);