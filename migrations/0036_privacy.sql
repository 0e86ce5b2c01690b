CREATE TABLE `privacy_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`secret_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `privacy_codes_participant_idx` ON `privacy_codes` (`program_id`,`participant_id`,`purpose`,`created_at`);--> statement-breakpoint
ALTER TABLE `participants` ADD `erased_at` integer;--> statement-breakpoint
-- Erasure keeps the books (docs/decisions/0038): an import's ledger key names the participant's address
-- (import:{program}:{email}:{file}), and an erasure rewrites it. The ledger stays append-only for all
-- that counts: an update that changes anything but `idempotency_key` still aborts.
DROP TRIGGER IF EXISTS `points_ledger_no_update`;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_no_update` BEFORE UPDATE ON `points_ledger`
WHEN NEW.`id` IS NOT OLD.`id` OR NEW.`program_id` IS NOT OLD.`program_id` OR NEW.`participant_id` IS NOT OLD.`participant_id`
  OR NEW.`delta` IS NOT OLD.`delta` OR NEW.`kind` IS NOT OLD.`kind` OR NEW.`source` IS NOT OLD.`source`
  OR NEW.`source_id` IS NOT OLD.`source_id` OR NEW.`title` IS NOT OLD.`title` OR NEW.`created_at` IS NOT OLD.`created_at`
BEGIN
  SELECT RAISE(ABORT, 'points_ledger is append-only');
END;
