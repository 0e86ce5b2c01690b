ALTER TABLE `outbox` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe_uq` ON `outbox` (`dedupe_key`);--> statement-breakpoint
ALTER TABLE `participant_actions` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `participant_actions_dedupe_uq` ON `participant_actions` (`program_id`,`dedupe_key`);