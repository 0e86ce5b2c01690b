CREATE TABLE `admin_program_permissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`admin_user_id` integer NOT NULL,
	`resource` text NOT NULL,
	`action` text NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_program_permissions_uq` ON `admin_program_permissions` (`program_id`,`admin_user_id`,`resource`,`action`);--> statement-breakpoint
CREATE INDEX `admin_program_permissions_admin_idx` ON `admin_program_permissions` (`admin_user_id`);--> statement-breakpoint
CREATE TABLE `admin_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`admin_user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_sessions_token_uq` ON `admin_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `admin_sessions_admin_idx` ON `admin_sessions` (`admin_user_id`);--> statement-breakpoint
CREATE TABLE `admin_signin_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`admin_user_id` integer,
	`kind` text NOT NULL,
	`secret_hash` text NOT NULL,
	`browser_token_hash` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`superseded_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`admin_user_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_signin_codes_browser_idx` ON `admin_signin_codes` (`browser_token_hash`);--> statement-breakpoint
CREATE INDEX `admin_signin_codes_secret_idx` ON `admin_signin_codes` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `admin_signin_codes_email_idx` ON `admin_signin_codes` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `admin_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`email` text NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`preferred_locale` text DEFAULT 'en' NOT NULL,
	`is_organization_admin` integer DEFAULT false NOT NULL,
	`is_super_admin` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_users_email_uq` ON `admin_users` (`email`);--> statement-breakpoint
CREATE INDEX `admin_users_org_idx` ON `admin_users` (`organization_id`);--> statement-breakpoint
CREATE TABLE `challenge_completions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`challenge_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`period_key` text NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`score` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenge_completions_period_uq` ON `challenge_completions` (`program_id`,`challenge_id`,`participant_id`,`period_key`);--> statement-breakpoint
CREATE INDEX `challenge_completions_program_participant_idx` ON `challenge_completions` (`program_id`,`participant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`identifier` text NOT NULL,
	`name` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`challenge_type` text NOT NULL,
	`parameters` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`approved` integer DEFAULT true NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`reward_type` text DEFAULT 'points' NOT NULL,
	`cta_button_text` text,
	`link_url` text,
	`bypass_modal` integer DEFAULT false NOT NULL,
	`api_completion_only` integer DEFAULT false NOT NULL,
	`featured` integer DEFAULT true NOT NULL,
	`start` integer,
	`finish` integer,
	`image` text,
	`icon` text,
	`success_message` text,
	`tag_list` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`completions` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "challenges_points_nonnegative" CHECK("challenges"."points" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenges_program_identifier_uq` ON `challenges` (`program_id`,`identifier`);--> statement-breakpoint
CREATE INDEX `challenges_program_status_idx` ON `challenges` (`program_id`,`status`,`position`);--> statement-breakpoint
CREATE TABLE `participant_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`challenge_id` integer NOT NULL,
	`completion_id` integer,
	`participant_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`question_option_id` integer,
	`answer` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`completion_id`) REFERENCES `challenge_completions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_option_id`) REFERENCES `question_options`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participant_answers_program_participant_idx` ON `participant_answers` (`program_id`,`participant_id`,`challenge_id`);--> statement-breakpoint
CREATE TABLE `question_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`details` text NOT NULL,
	`image_url` text,
	`image_alt_text` text,
	`correct` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `question_options_program_question_idx` ON `question_options` (`program_id`,`question_id`,`position`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`challenge_id` integer NOT NULL,
	`title` text NOT NULL,
	`additional_details` text,
	`answer_type` text NOT NULL,
	`is_required` integer DEFAULT false NOT NULL,
	`profile_attribute` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `questions_program_challenge_idx` ON `questions` (`program_id`,`challenge_id`,`position`);--> statement-breakpoint
CREATE TABLE `social_network_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`challenge_id` integer,
	`parent_id` integer,
	`post_type` text NOT NULL,
	`media_path` text NOT NULL,
	`message` text,
	`username` text,
	`url` text,
	`duration_seconds` integer,
	`platform` text,
	`page_url` text,
	`published_at` integer,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `social_network_posts_program_challenge_idx` ON `social_network_posts` (`program_id`,`challenge_id`);--> statement-breakpoint
CREATE TABLE `social_post_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`post_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `social_network_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `social_post_views_uq` ON `social_post_views` (`program_id`,`post_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `dev_mailbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`from` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_mailbox_to_idx` ON `dev_mailbox` (`to`,`id`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer,
	`topic` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`delivered_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbox_status_next_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `participant_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`action_type` text NOT NULL,
	`title` text NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`actionable_type` text,
	`actionable_id` integer,
	`details` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `participant_actions_program_participant_idx` ON `participant_actions` (`program_id`,`participant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `participant_actions_program_created_idx` ON `participant_actions` (`program_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `participant_profile_attributes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participant_profile_attributes_uq` ON `participant_profile_attributes` (`program_id`,`participant_id`,`name`);--> statement-breakpoint
CREATE TABLE `participant_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`kind` text DEFAULT 'cookie' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participant_sessions_token_uq` ON `participant_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `participant_sessions_program_participant_idx` ON `participant_sessions` (`program_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`avatar_url` text,
	`status` text DEFAULT 'active' NOT NULL,
	`staff` integer DEFAULT false NOT NULL,
	`unused_points` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`completed_challenges` integer DEFAULT 0 NOT NULL,
	`email_setting_id` integer,
	`eligible_offers_rewards` integer DEFAULT false NOT NULL,
	`referral_code` text NOT NULL,
	`referred_by_id` integer,
	`tier_id` integer,
	`email_verified_at` integer,
	`sign_in_count` integer DEFAULT 0 NOT NULL,
	`last_sign_in_at` integer,
	`city` text,
	`country` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`email_setting_id`) REFERENCES `email_settings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tier_id`) REFERENCES `tiers`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "participants_unused_points_nonnegative" CHECK("participants"."unused_points" >= 0),
	CONSTRAINT "participants_points_nonnegative" CHECK("participants"."points" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participants_program_email_uq` ON `participants` (`program_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `participants_program_referral_code_uq` ON `participants` (`program_id`,`referral_code`);--> statement-breakpoint
CREATE INDEX `participants_program_created_idx` ON `participants` (`program_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `participants_program_points_idx` ON `participants` (`program_id`,`points`);--> statement-breakpoint
CREATE TABLE `points_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`source_id` integer,
	`title` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `points_ledger_idempotency_uq` ON `points_ledger` (`program_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `points_ledger_program_participant_idx` ON `points_ledger` (`program_id`,`participant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`referrer_id` integer NOT NULL,
	`referred_participant_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`admin_comments` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referrer_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referred_participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_referred_uq` ON `referrals` (`program_id`,`referred_participant_id`);--> statement-breakpoint
CREATE INDEX `referrals_program_referrer_idx` ON `referrals` (`program_id`,`referrer_id`);--> statement-breakpoint
CREATE TABLE `signin_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`email` text NOT NULL,
	`participant_id` integer,
	`kind` text NOT NULL,
	`secret_hash` text NOT NULL,
	`browser_token_hash` text,
	`signup_data` text,
	`redirect_to` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`superseded_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signin_codes_program_email_idx` ON `signin_codes` (`program_id`,`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `signin_codes_secret_idx` ON `signin_codes` (`secret_hash`);--> statement-breakpoint
CREATE TABLE `carousel_slides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`link` text,
	`button_text` text,
	`image` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `carousel_slides_program_idx` ON `carousel_slides` (`program_id`,`position`);--> statement-breakpoint
CREATE TABLE `domain_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`domain` text NOT NULL,
	`domain_type` text DEFAULT 'other' NOT NULL,
	`url_path` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `domain_lists_domain_uq` ON `domain_lists` (`domain`);--> statement-breakpoint
CREATE INDEX `domain_lists_program_idx` ON `domain_lists` (`program_id`);--> statement-breakpoint
CREATE TABLE `email_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`description` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_settings_program_idx` ON `email_settings` (`program_id`,`position`);--> statement-breakpoint
CREATE TABLE `navigation_menus` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`name` text NOT NULL,
	`navigation_url` text NOT NULL,
	`show_in_tab` integer DEFAULT false NOT NULL,
	`show_on_logout` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `navigation_menus_program_idx` ON `navigation_menus` (`program_id`,`position`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`logo_url` text,
	`background_image_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_program_slug_uq` ON `pages` (`program_id`,`slug`);--> statement-breakpoint
CREATE TABLE `profile_attribute_definitions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`display_name` text NOT NULL,
	`attribute_name` text NOT NULL,
	`attribute_field_type` text DEFAULT 'text' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profile_attribute_definitions_uq` ON `profile_attribute_definitions` (`program_id`,`attribute_name`);--> statement-breakpoint
CREATE TABLE `program_template_details` (
	`program_id` integer PRIMARY KEY NOT NULL,
	`header_text` text,
	`header_description` text,
	`header_background_image` text,
	`header_logo` text,
	`footer_logo` text,
	`favicon_file` text,
	`overlay_image` text,
	`badge_background_image` text,
	`badge_instructions` text,
	`element_css_style` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `programs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`subdomain` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`term_points_as` text DEFAULT 'points' NOT NULL,
	`term_rewards_as` text DEFAULT 'rewards' NOT NULL,
	`features` text NOT NULL,
	`terms` text,
	`enrollment` text NOT NULL,
	`override_enrollment` integer DEFAULT false NOT NULL,
	`program_custom_signin_url` text,
	`partner_config` text,
	`i18n_enabled` integer DEFAULT false NOT NULL,
	`test_mode` integer DEFAULT false NOT NULL,
	`earn_points_icon` text,
	`current_rewards_icon` text,
	`my_rewards_icon` text,
	`prizes_title` text,
	`my_account_title` text,
	`css` text,
	`seo` text,
	`support_email` text,
	`turnstile_site_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `programs_public_key_uq` ON `programs` (`public_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `programs_subdomain_uq` ON `programs` (`subdomain`);--> statement-breakpoint
CREATE INDEX `programs_organization_idx` ON `programs` (`organization_id`);--> statement-breakpoint
CREATE TABLE `tiers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`name` text NOT NULL,
	`points_threshold_min` integer NOT NULL,
	`points_threshold_max` integer NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tiers_program_idx` ON `tiers` (`program_id`,`points_threshold_min`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`reward_id` integer NOT NULL,
	`code` text NOT NULL,
	`participant_id` integer,
	`claim_id` integer,
	`assigned_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reward_id`) REFERENCES `rewards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`claim_id`) REFERENCES `reward_claims`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_reward_code_uq` ON `coupons` (`program_id`,`reward_id`,`code`);--> statement-breakpoint
CREATE INDEX `coupons_program_reward_free_idx` ON `coupons` (`program_id`,`reward_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `reward_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`reward_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`claim_key` text NOT NULL,
	`points_spent` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'claimed' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reward_id`) REFERENCES `rewards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reward_claims_key_uq` ON `reward_claims` (`program_id`,`reward_id`,`participant_id`,`claim_key`);--> statement-breakpoint
CREATE INDEX `reward_claims_program_participant_idx` ON `reward_claims` (`program_id`,`participant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `rewards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`name` text NOT NULL,
	`selection` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`approved` integer DEFAULT true NOT NULL,
	`featured` integer DEFAULT true NOT NULL,
	`repeatable` integer DEFAULT false NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`description_details` text,
	`terms_conditions` text,
	`redemption_details` text,
	`redemption_image` text,
	`image` text,
	`active_image` text,
	`threshold` integer DEFAULT 0 NOT NULL,
	`limit` integer DEFAULT 0 NOT NULL,
	`claims` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`parameters` text NOT NULL,
	`coupons_required` integer DEFAULT false NOT NULL,
	`start` integer,
	`finish` integer,
	`tag_list` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "rewards_claims_within_limit" CHECK("rewards"."claims" >= 0 AND "rewards"."claims" <= "rewards"."limit"),
	CONSTRAINT "rewards_threshold_nonnegative" CHECK("rewards"."threshold" >= 0)
);
--> statement-breakpoint
CREATE INDEX `rewards_program_status_idx` ON `rewards` (`program_id`,`status`,`position`);--> statement-breakpoint
CREATE TABLE `sweepstake_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`reward_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`winner` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reward_id`) REFERENCES `rewards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sweepstake_entries_count_nonnegative" CHECK("sweepstake_entries"."count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sweepstake_entries_uq` ON `sweepstake_entries` (`program_id`,`reward_id`,`participant_id`);