PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_game_questions` (
	`game_id` text NOT NULL,
	`position` integer NOT NULL,
	`question_id` integer NOT NULL,
	`answer_order` text NOT NULL,
	`picked_index` integer,
	PRIMARY KEY(`game_id`, `position`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_game_questions`("game_id", "position", "question_id", "answer_order", "picked_index") SELECT "game_id", "position", "question_id", "answer_order", "picked_index" FROM `game_questions`;--> statement-breakpoint
DROP TABLE `game_questions`;--> statement-breakpoint
ALTER TABLE `__new_game_questions` RENAME TO `game_questions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;