CREATE TABLE `participant_point_lots` (
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`month` text NOT NULL,
	`earned` integer DEFAULT 0 NOT NULL,
	`remaining` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `participant_id`, `month`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `program_cohort_activity` (
	`program_id` integer NOT NULL,
	`cohort` text NOT NULL,
	`month` text NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `cohort`, `month`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `program_cohort_activity_month_idx` ON `program_cohort_activity` (`program_id`,`month`);--> statement-breakpoint
CREATE TABLE `program_point_lots` (
	`program_id` integer NOT NULL,
	`month` text NOT NULL,
	`earned` integer DEFAULT 0 NOT NULL,
	`remaining` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `month`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `program_points_daily` (
	`program_id` integer NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`challenge_type` text DEFAULT '' NOT NULL,
	`earned` integer DEFAULT 0 NOT NULL,
	`reversed` integer DEFAULT 0 NOT NULL,
	`spent` integer DEFAULT 0 NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	`deducted` integer DEFAULT 0 NOT NULL,
	`expired` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `day`, `source`, `challenge_type`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `program_tier_members` (
	`program_id` integer NOT NULL,
	`tier_id` integer NOT NULL,
	`members` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `tier_id`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `program_tier_moves` (
	`program_id` integer NOT NULL,
	`month` text NOT NULL,
	`tier_id` integer NOT NULL,
	`moves_up` integer DEFAULT 0 NOT NULL,
	`moves_down` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`program_id`, `month`, `tier_id`),
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `programs` ADD `point_value_micros` integer;--> statement-breakpoint
ALTER TABLE `programs` ADD `point_value_currency` text;