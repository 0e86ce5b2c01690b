ALTER TABLE `programs` ADD `content_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- content_version (see the schema) moves on with every change to a program's content, in the same
-- statement as the change, whatever code, console or tool makes it: cached public answers and the
-- content caches are keyed by it (docs/decisions/0014). Participant counters kept on content rows
-- (challenges.completions, rewards.claims) change on every completion and claim: an update that
-- moves them is not a content change. Like row_version (migration 0007) it only moves forward.
CREATE TRIGGER `programs_content_version` AFTER UPDATE ON `programs`
WHEN NEW.`content_version` <= OLD.`content_version`
BEGIN
  UPDATE `programs` SET `content_version` = OLD.`content_version` + 1 WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `program_template_details_content_version_insert` AFTER INSERT ON `program_template_details`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `program_template_details_content_version_update` AFTER UPDATE ON `program_template_details`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `program_template_details_content_version_delete` AFTER DELETE ON `program_template_details`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `domain_lists_content_version_insert` AFTER INSERT ON `domain_lists`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `domain_lists_content_version_update` AFTER UPDATE ON `domain_lists`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `domain_lists_content_version_delete` AFTER DELETE ON `domain_lists`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `pages_content_version_insert` AFTER INSERT ON `pages`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `pages_content_version_update` AFTER UPDATE ON `pages`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `pages_content_version_delete` AFTER DELETE ON `pages`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `navigation_menus_content_version_insert` AFTER INSERT ON `navigation_menus`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `navigation_menus_content_version_update` AFTER UPDATE ON `navigation_menus`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `navigation_menus_content_version_delete` AFTER DELETE ON `navigation_menus`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `carousel_slides_content_version_insert` AFTER INSERT ON `carousel_slides`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `carousel_slides_content_version_update` AFTER UPDATE ON `carousel_slides`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `carousel_slides_content_version_delete` AFTER DELETE ON `carousel_slides`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tiers_content_version_insert` AFTER INSERT ON `tiers`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tiers_content_version_update` AFTER UPDATE ON `tiers`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `tiers_content_version_delete` AFTER DELETE ON `tiers`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profile_attribute_definitions_content_version_insert` AFTER INSERT ON `profile_attribute_definitions`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profile_attribute_definitions_content_version_update` AFTER UPDATE ON `profile_attribute_definitions`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `profile_attribute_definitions_content_version_delete` AFTER DELETE ON `profile_attribute_definitions`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `challenges_content_version_insert` AFTER INSERT ON `challenges`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `challenges_content_version_update` AFTER UPDATE ON `challenges`
WHEN NEW.`completions` IS OLD.`completions`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `challenges_content_version_delete` AFTER DELETE ON `challenges`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `questions_content_version_insert` AFTER INSERT ON `questions`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `questions_content_version_update` AFTER UPDATE ON `questions`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `questions_content_version_delete` AFTER DELETE ON `questions`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `question_options_content_version_insert` AFTER INSERT ON `question_options`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `question_options_content_version_update` AFTER UPDATE ON `question_options`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `question_options_content_version_delete` AFTER DELETE ON `question_options`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `social_network_posts_content_version_insert` AFTER INSERT ON `social_network_posts`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `social_network_posts_content_version_update` AFTER UPDATE ON `social_network_posts`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `social_network_posts_content_version_delete` AFTER DELETE ON `social_network_posts`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `rewards_content_version_insert` AFTER INSERT ON `rewards`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = NEW.`program_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `rewards_content_version_update` AFTER UPDATE ON `rewards`
WHEN NEW.`claims` IS OLD.`claims`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` IN (OLD.`program_id`, NEW.`program_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `rewards_content_version_delete` AFTER DELETE ON `rewards`
BEGIN
  UPDATE `programs` SET `content_version` = `content_version` + 1 WHERE `id` = OLD.`program_id`;
END;
