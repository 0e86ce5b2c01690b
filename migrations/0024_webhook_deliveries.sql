ALTER TABLE `webhook_deliveries` ADD `state` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `last_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `response_body` text;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `duration_ms` integer;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `request_body` text;--> statement-breakpoint
-- Rows written before this migration logged every attempt of an event: keep the latest per (webhook, event) as that delivery's record.
DELETE FROM `webhook_deliveries` WHERE `id` NOT IN (SELECT max(`id`) FROM `webhook_deliveries` GROUP BY `webhook_id`, `outbox_id`);--> statement-breakpoint
UPDATE `webhook_deliveries` SET `state` = CASE WHEN `error` IS NULL THEN 'succeeded' ELSE 'failed' END, `attempts` = 1, `last_attempt_at` = `created_at`;--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event_uq` ON `webhook_deliveries` (`webhook_id`,`outbox_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`state`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `webhooks` ADD `consecutive_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `failing_since` integer;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `disabled_at` integer;