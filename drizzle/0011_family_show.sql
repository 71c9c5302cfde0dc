CREATE TABLE `show_answers` (
	`player_id` text NOT NULL,
	`show_id` text NOT NULL,
	`position` integer NOT NULL,
	`answer_index` integer NOT NULL,
	`elapsed_ms` integer NOT NULL,
	PRIMARY KEY(`player_id`, `position`),
	FOREIGN KEY (`player_id`) REFERENCES `show_players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `show_answers_question_idx` ON `show_answers` (`show_id`,`position`);--> statement-breakpoint
CREATE TABLE `show_players` (
	`id` text PRIMARY KEY NOT NULL,
	`show_id` text NOT NULL,
	`profile_id` text,
	`name` text NOT NULL,
	`avatar` text NOT NULL,
	`age_group` text NOT NULL,
	`token_hash` text NOT NULL,
	`first_position` integer NOT NULL,
	`correct_count` integer DEFAULT 0 NOT NULL,
	`right_answer_ms` integer DEFAULT 0 NOT NULL,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `show_players_token_hash_unique` ON `show_players` (`token_hash`);--> statement-breakpoint
CREATE INDEX `show_players_show_idx` ON `show_players` (`show_id`,`joined_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `show_players_profile_idx` ON `show_players` (`show_id`,`profile_id`) WHERE "show_players"."profile_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `show_questions` (
	`show_id` text NOT NULL,
	`position` integer NOT NULL,
	`question_id` integer NOT NULL,
	`lang` text NOT NULL,
	`question` text NOT NULL,
	`answers` text NOT NULL,
	`answer_order` text NOT NULL,
	`image_url` text,
	`correct_index` integer NOT NULL,
	PRIMARY KEY(`show_id`, `position`),
	FOREIGN KEY (`show_id`) REFERENCES `shows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `shows` (
	`id` text PRIMARY KEY NOT NULL,
	`host_user_id` text NOT NULL,
	`code` text,
	`status` text DEFAULT 'lobby' NOT NULL,
	`category_id` integer,
	`question_count` integer NOT NULL,
	`lang` text NOT NULL,
	`age_choice` text DEFAULT 'auto' NOT NULL,
	`age_group` text,
	`position` integer DEFAULT -1 NOT NULL,
	`question_started_at` integer,
	`deadline` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shows_code_idx` ON `shows` (`code`) WHERE "shows"."code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `shows_host_idx` ON `shows` (`host_user_id`);--> statement-breakpoint
ALTER TABLE `games` ADD `show_place` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `show_players` integer;