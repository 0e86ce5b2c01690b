CREATE TABLE `program_moves` (
	`program_id` integer PRIMARY KEY NOT NULL,
	`from_shard` integer NOT NULL,
	`to_shard` integer NOT NULL,
	`step` text NOT NULL,
	`next_table` integer DEFAULT 0 NOT NULL,
	`report` text,
	`read_only_since` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `programs` ADD `read_only` text;