CREATE TABLE `merchants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`external_id` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`logo_path` text,
	`first_category` integer NOT NULL,
	`second_category` integer,
	`stub_copy` text,
	`phone` text,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zip_code` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchants_external_id_uq` ON `merchants` (`external_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `merchants_slug_uq` ON `merchants` (`slug`);--> statement-breakpoint
CREATE INDEX `merchants_lat_lng_idx` ON `merchants` (`latitude`,`longitude`);--> statement-breakpoint
CREATE TABLE `offer_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`endeca_key` text NOT NULL,
	`redemption_type` text NOT NULL,
	`period_key` text NOT NULL,
	`voucher_code` text,
	`expires_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_redemptions_uq` ON `offer_redemptions` (`program_id`,`participant_id`,`endeca_key`,`redemption_type`,`period_key`);--> statement-breakpoint
CREATE INDEX `offer_redemptions_program_participant_idx` ON `offer_redemptions` (`program_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`merchant_id` integer NOT NULL,
	`endeca_key` text NOT NULL,
	`offer_text_short` text NOT NULL,
	`offer_text_long` text NOT NULL,
	`valid_qualifier` text,
	`redemption_types` text NOT NULL,
	`web_site` text,
	`dollar_value` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_endeca_key_uq` ON `offers` (`endeca_key`);--> statement-breakpoint
CREATE INDEX `offers_merchant_idx` ON `offers` (`merchant_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_event_id` text NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_uq` ON `payment_events` (`provider_event_id`);--> statement-breakpoint
CREATE TABLE `payment_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`challenge_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`entity` text,
	`points` integer DEFAULT 0 NOT NULL,
	`provider` text NOT NULL,
	`provider_session_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`details` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`fulfilled_at` integer,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_sessions_provider_uq` ON `payment_sessions` (`provider_session_id`);--> statement-breakpoint
CREATE INDEX `payment_sessions_program_participant_idx` ON `payment_sessions` (`program_id`,`participant_id`);