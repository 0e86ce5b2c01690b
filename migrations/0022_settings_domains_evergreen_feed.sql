CREATE TABLE `evergreen_setting_values` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`evergreen_setting_id` integer NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`evergreen_setting_id`) REFERENCES `evergreen_settings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evergreen_setting_values_program_setting_uq` ON `evergreen_setting_values` (`program_id`,`evergreen_setting_id`);--> statement-breakpoint
CREATE TABLE `evergreen_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evergreen_settings_program_key_uq` ON `evergreen_settings` (`program_id`,`key`);--> statement-breakpoint
CREATE INDEX `evergreen_settings_program_position_idx` ON `evergreen_settings` (`program_id`,`position`);--> statement-breakpoint
ALTER TABLE `social_network_posts` ADD `external_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `social_network_posts_program_external_uq` ON `social_network_posts` (`program_id`,`external_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `domain_lists_perk_domain_uq` ON `domain_lists` (`domain`) WHERE domain_type = 'perk_domain';