CREATE TABLE `question_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`profile_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	`dismissed_at` integer,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `question_reports_profile_question_idx` ON `question_reports` (`profile_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `question_reports_open_idx` ON `question_reports` (`dismissed_at`,`question_id`);--> statement-breakpoint
CREATE INDEX `questions_image_idx` ON `questions` (`image_url`) WHERE "questions"."image_url" IS NOT NULL;--> statement-breakpoint
-- The question search (server/services/question-search.ts): written there, not by Drizzle, and filled
-- at start-up for questions that existed before it (the folding is JavaScript's).
CREATE VIRTUAL TABLE `questions_search` USING fts5(`text`, tokenize = 'trigram', content = '', contentless_delete = 1);
