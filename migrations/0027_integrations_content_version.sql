-- The integrations settings participants see (social network pages in the site footer; the offers
-- reward's merchants regex and magic-link landing; the photo contest on /photos) are program content:
-- like the tables of migration 0014, every write to them moves the program's content_version in the
-- same statement, whatever writes them (docs/decisions/0014).
CREATE TRIGGER `social_network_pages_content_version_insert` AFTER INSERT ON `social_network_pages`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `social_network_pages_content_version_update` AFTER UPDATE ON `social_network_pages`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `social_network_pages_content_version_delete` AFTER DELETE ON `social_network_pages`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `program_integration_settings_content_version_insert` AFTER INSERT ON `program_integration_settings`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `program_integration_settings_content_version_update` AFTER UPDATE ON `program_integration_settings`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `program_integration_settings_content_version_delete` AFTER DELETE ON `program_integration_settings`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
