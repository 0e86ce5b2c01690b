CREATE TABLE `identity_token_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`jti` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `identity_token_uses_uq` ON `identity_token_uses` (`program_id`,`jti`);--> statement-breakpoint
DROP INDEX `domain_lists_domain_uq`;--> statement-breakpoint
DROP INDEX `domain_lists_program_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `domain_lists_program_domain_uq` ON `domain_lists` (`program_id`,`domain`);--> statement-breakpoint
CREATE INDEX `domain_lists_domain_idx` ON `domain_lists` (`domain`,`domain_type`);--> statement-breakpoint
ALTER TABLE `programs` ADD `partner_identity_secret` text;