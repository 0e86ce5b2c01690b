ALTER TABLE `participant_tags` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `participant_tags` ADD `points` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `participant_tags_list_idx` ON `participant_tags` (`program_id`,`tag`,`status`,`points`,`participant_id`);--> statement-breakpoint
CREATE INDEX `participants_program_status_points_idx` ON `participants` (`program_id`,`status`,`points`);--> statement-breakpoint
CREATE INDEX `participants_program_name_idx` ON `participants` (`program_id`,lower("first_name"),lower("last_name"));--> statement-breakpoint
CREATE INDEX `participants_program_last_name_idx` ON `participants` (`program_id`,lower("last_name"));--> statement-breakpoint
CREATE INDEX `participants_program_sign_ins_idx` ON `participants` (`program_id`,`sign_in_count`);--> statement-breakpoint
CREATE INDEX `participants_program_completed_idx` ON `participants` (`program_id`,`completed_challenges`);