CREATE TABLE `throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_started_at` integer NOT NULL,
	`locked_until` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `referrals` ADD `hold_reason` text;--> statement-breakpoint
ALTER TABLE `signin_codes` ADD `ip_hash` text;--> statement-breakpoint
ALTER TABLE `request_idempotency` ADD `body_hash` text;