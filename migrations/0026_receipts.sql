CREATE TABLE `purchase_proof_merchants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `purchase_proof_merchants_program_idx` ON `purchase_proof_merchants` (`program_id`,`name`);--> statement-breakpoint
CREATE TABLE `purchase_proof_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`product_name` text NOT NULL,
	`sku` text,
	`keywords` text DEFAULT '' NOT NULL,
	`points_per_cents` real DEFAULT 0 NOT NULL,
	`product_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `purchase_proof_products_program_idx` ON `purchase_proof_products` (`program_id`,`product_name`);--> statement-breakpoint
CREATE INDEX `purchase_proof_products_sku_idx` ON `purchase_proof_products` (`program_id`,`sku`);--> statement-breakpoint
CREATE TABLE `purchase_proof_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`exclusion_identifiers` text DEFAULT '[]' NOT NULL,
	`external_points_per_cents` real DEFAULT 0 NOT NULL,
	`confidence_threshold` real DEFAULT 0.8 NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_proof_settings_program_uq` ON `purchase_proof_settings` (`program_id`);--> statement-breakpoint
CREATE TABLE `receipt_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`receipt_id` integer NOT NULL,
	`sku` text,
	`name` text,
	`quantity` integer DEFAULT 1 NOT NULL,
	`unit_price_cents` integer DEFAULT 0 NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`eligible_product_id` integer,
	`matched_strategy` text,
	`matched_keyword` text,
	`match_confidence` real,
	`eligible` integer DEFAULT false NOT NULL,
	`excluded` integer DEFAULT false NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`admin_comments` text,
	`patch_status` text DEFAULT 'unchanged' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `receipt_items_receipt_idx` ON `receipt_items` (`program_id`,`receipt_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `receipt_update_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`receipt_id` integer NOT NULL,
	`admin_user_id` integer,
	`action` text NOT NULL,
	`status_from` text,
	`status_to` text,
	`points_delta` integer DEFAULT 0 NOT NULL,
	`changes` text DEFAULT '{}' NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `receipt_update_logs_receipt_idx` ON `receipt_update_logs` (`program_id`,`receipt_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`source` text DEFAULT 'upload' NOT NULL,
	`external_id` text,
	`file_key` text,
	`content_type` text,
	`byte_size` integer,
	`file_hash` text,
	`image_hash` text,
	`merchant_name` text,
	`purchase_proof_merchant_id` integer,
	`merchant_address` text,
	`purchase_date` text,
	`total_cents` integer,
	`items_count` integer DEFAULT 0 NOT NULL,
	`processed_data` text,
	`confidence` real,
	`points` integer DEFAULT 0 NOT NULL,
	`credited_points` integer DEFAULT 0 NOT NULL,
	`credit_seq` integer DEFAULT 0 NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`admin_marked_as_valid_at` integer,
	`admin_marked_as_invalid_at` integer,
	`admin_invalidation_reason` text,
	`admin_invalidation_message` text,
	`admin_comments` text,
	`system_reason` text,
	`review_request_message` text,
	`open_issue_reports` integer DEFAULT 0 NOT NULL,
	`processing_attempts` integer DEFAULT 0 NOT NULL,
	`verified_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`write_token` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "receipts_version_nonnegative" CHECK("receipts"."version" >= 0),
	CONSTRAINT "receipts_credited_nonnegative" CHECK("receipts"."credited_points" >= 0)
);
--> statement-breakpoint
CREATE INDEX `receipts_program_created_idx` ON `receipts` (`program_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `receipts_program_status_idx` ON `receipts` (`program_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_program_participant_idx` ON `receipts` (`program_id`,`participant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_program_file_hash_idx` ON `receipts` (`program_id`,`file_hash`);--> statement-breakpoint
CREATE INDEX `receipts_program_merchant_date_total_idx` ON `receipts` (`program_id`,`purchase_date`,`total_cents`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_program_external_uq` ON `receipts` (`program_id`,`external_id`);