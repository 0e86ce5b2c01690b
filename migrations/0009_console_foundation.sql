CREATE TABLE `import_job_rows` (
	`program_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	`line_no` integer NOT NULL,
	`data` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`error` text,
	PRIMARY KEY(`job_id`, `line_no`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `import_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_job_rows_pending_idx` ON `import_job_rows` (`job_id`,`status`,`line_no`);--> statement-breakpoint
CREATE TABLE `import_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`admin_user_id` integer,
	`status` text DEFAULT 'queued' NOT NULL,
	`options` text NOT NULL,
	`file_name` text NOT NULL,
	`file_hash` text NOT NULL,
	`total_rows` integer DEFAULT 0 NOT NULL,
	`processed_rows` integer DEFAULT 0 NOT NULL,
	`imported_rows` integer DEFAULT 0 NOT NULL,
	`failed_rows` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `import_jobs_program_created_idx` ON `import_jobs` (`program_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `import_jobs_status_idx` ON `import_jobs` (`status`);--> statement-breakpoint
CREATE TABLE `participant_monthly_activity` (
	`program_id` integer NOT NULL,
	`month` text NOT NULL,
	`participant_id` integer NOT NULL,
	`actions` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `month`, `participant_id`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `participant_monthly_activity_points_idx` ON `participant_monthly_activity` (`program_id`,`month`,`points`);--> statement-breakpoint
CREATE TABLE `participant_tags` (
	`program_id` integer NOT NULL,
	`tag` text NOT NULL,
	`participant_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`program_id`, `tag`, `participant_id`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `participant_tags_participant_idx` ON `participant_tags` (`program_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `program_daily_stats` (
	`program_id` integer NOT NULL,
	`day` text NOT NULL,
	`participant_actions` integer DEFAULT 0 NOT NULL,
	`completed_challenges` integer DEFAULT 0 NOT NULL,
	`new_participants` integer DEFAULT 0 NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `day`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `program_monthly_stats` (
	`program_id` integer NOT NULL,
	`month` text NOT NULL,
	`active_participants` integer DEFAULT 0 NOT NULL,
	`new_participants` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `month`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `visit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`visit_id` integer NOT NULL,
	`name` text NOT NULL,
	`properties` text,
	`time` integer NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`visit_id`) REFERENCES `visits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `visit_events_program_time_idx` ON `visit_events` (`program_id`,`time`);--> statement-breakpoint
CREATE TABLE `visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`visit_token` text NOT NULL,
	`participant_id` integer,
	`landing_page` text,
	`referrer` text,
	`surface` text,
	`started_at` integer NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `visits_program_token_idx` ON `visits` (`program_id`,`visit_token`);--> statement-breakpoint
CREATE INDEX `visits_program_started_idx` ON `visits` (`program_id`,`started_at`);--> statement-breakpoint
ALTER TABLE `participants` ADD `last_action_at` integer;