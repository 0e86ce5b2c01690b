CREATE TABLE `outbox_dedupe_keys` (
	`key` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- An outbox row whose dedupe key was delivered and pruned long ago is not written again (the replayed
-- operation's event was announced once already): schema/outbox.ts outboxDedupeKeys.
CREATE TRIGGER `outbox_dedupe_kept` BEFORE INSERT ON `outbox`
WHEN NEW.`dedupe_key` IS NOT NULL AND EXISTS (SELECT 1 FROM `outbox_dedupe_keys` WHERE `key` = NEW.`dedupe_key`)
BEGIN
  SELECT RAISE(IGNORE);
END;
