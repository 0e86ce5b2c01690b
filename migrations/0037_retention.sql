CREATE TABLE `program_retention` (
	`program_id` integer PRIMARY KEY NOT NULL,
	`receipt_images_days` integer,
	`ip_device_days` integer,
	`api_request_log_days` integer,
	`delivered_outbox_days` integer,
	`expired_sessions_days` integer,
	`import_files_days` integer,
	`updated_at` integer,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `retention_sweep_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`round_started_at` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `retention_sweep_state` (`id`) VALUES (1);
--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `lines_deleted_at` integer;--> statement-breakpoint
CREATE INDEX `outbox_program_created_idx` ON `outbox` (`program_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `participant_sessions_program_expires_idx` ON `participant_sessions` (`program_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `signin_codes_program_expires_idx` ON `signin_codes` (`program_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `signin_codes_program_hashes_idx` ON `signin_codes` (`program_id`,`created_at`) WHERE `ip_hash` IS NOT NULL OR `browser_token_hash` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `identity_token_uses_program_expires_idx` ON `identity_token_uses` (`program_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_program_created_idx` ON `webhook_deliveries` (`program_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `api_request_log_program_created_idx` ON `api_request_log` (`program_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_program_file_updated_idx` ON `receipts` (`program_id`,`updated_at`) WHERE `file_key` IS NOT NULL;