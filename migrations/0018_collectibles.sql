CREATE TABLE `chain_integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`network` text DEFAULT 'testnet' NOT NULL,
	`wallet_address` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chain_integrations_program_uq` ON `chain_integrations` (`program_id`);--> statement-breakpoint
CREATE TABLE `chain_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`network` text NOT NULL,
	`status` text NOT NULL,
	`tx_hash` text NOT NULL,
	`reward_id` integer,
	`participant_id` integer,
	`data` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	`recorded_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chain_transactions_seq_uq` ON `chain_transactions` (`program_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `chain_transactions_key_uq` ON `chain_transactions` (`program_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `chain_transactions_reward_idx` ON `chain_transactions` (`program_id`,`reward_id`,`seq`);--> statement-breakpoint
CREATE INDEX `chain_transactions_participant_idx` ON `chain_transactions` (`program_id`,`participant_id`,`seq`);
--> statement-breakpoint
-- The chain log is append-only: no entry is ever changed or removed (verifyChainLog detects it anyway).
CREATE TRIGGER `chain_transactions_no_update` BEFORE UPDATE ON `chain_transactions`
BEGIN
	SELECT RAISE(ABORT, 'chain_transactions is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `chain_transactions_no_delete` BEFORE DELETE ON `chain_transactions`
WHEN EXISTS (SELECT 1 FROM `programs` WHERE `id` = OLD.`program_id`)
BEGIN
	SELECT RAISE(ABORT, 'chain_transactions is append-only');
END;
