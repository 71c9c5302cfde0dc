CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seed_key` text,
	`name_en` text NOT NULL,
	`name_vi` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_seed_key_unique` ON `categories` (`seed_key`);--> statement-breakpoint
CREATE TABLE `game_questions` (
	`game_id` text NOT NULL,
	`position` integer NOT NULL,
	`question_id` integer NOT NULL,
	`answer_order` text NOT NULL,
	`picked_index` integer,
	PRIMARY KEY(`game_id`, `position`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_questions_question_idx` ON `game_questions` (`question_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`category_id` integer,
	`lang` text NOT NULL,
	`status` text DEFAULT 'playing' NOT NULL,
	`question_count` integer NOT NULL,
	`current_position` integer DEFAULT 0 NOT NULL,
	`correct_count` integer DEFAULT 0 NOT NULL,
	`winnings` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `games_profile_idx` ON `games` (`profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `games_playing_idx` ON `games` (`profile_id`,`status`);--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`age` integer NOT NULL,
	`avatar` text DEFAULT 'avatar1.svg' NOT NULL,
	`tts_enabled` integer DEFAULT true NOT NULL,
	`total_games_played` integer DEFAULT 0 NOT NULL,
	`total_money_earned` integer DEFAULT 0 NOT NULL,
	`total_correct_answers` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profiles_user_idx` ON `profiles` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seed_key` text,
	`category_id` integer NOT NULL,
	`age_category` text NOT NULL,
	`difficulty` integer DEFAULT 2 NOT NULL,
	`correct_answer_index` integer NOT NULL,
	`image_url` text,
	`question_en` text NOT NULL,
	`answers_en` text NOT NULL,
	`question_vi` text,
	`answers_vi` text,
	`random_key` real NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `questions_seed_key_unique` ON `questions` (`seed_key`);--> statement-breakpoint
CREATE INDEX `questions_pick_category_idx` ON `questions` (`category_id`,`age_category`,`difficulty`,`random_key`);--> statement-breakpoint
CREATE INDEX `questions_pick_any_idx` ON `questions` (`age_category`,`difficulty`,`random_key`);--> statement-breakpoint
CREATE INDEX `questions_list_idx` ON `questions` (`category_id`,`question_en`,`id`);--> statement-breakpoint
CREATE INDEX `questions_text_idx` ON `questions` (`question_en`,`id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`active_profile_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`active_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expiry_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`auth_subject` text NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`photo_url` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_auth_subject_unique` ON `users` (`auth_subject`);