ALTER TABLE `payment_sessions` ADD `lease_until` integer;--> statement-breakpoint
CREATE INDEX `payment_sessions_lease_idx` ON `payment_sessions` (`lease_until`) WHERE lease_until IS NOT NULL;--> statement-breakpoint
ALTER TABLE `sweepstake_draws` ADD `awards_lease_until` integer;