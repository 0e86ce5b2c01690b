CREATE TABLE `program_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`storage_key` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`alt_text` text DEFAULT '' NOT NULL,
	`content_type` text NOT NULL,
	`width` integer,
	`height` integer,
	`byte_size` integer NOT NULL,
	`filename` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `program_attachments_program_idx` ON `program_attachments` (`program_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `program_attachments_key_uq` ON `program_attachments` (`storage_key`);