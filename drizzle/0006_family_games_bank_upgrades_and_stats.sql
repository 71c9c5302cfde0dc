CREATE TABLE `bank_removals` (
	`seed_key` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `question_stats` (
	`question_id` integer NOT NULL,
	`age_category` text NOT NULL,
	`answered` integer DEFAULT 0 NOT NULL,
	`answered_right` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`question_id`, `age_category`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `games_playing_idx`;--> statement-breakpoint
ALTER TABLE `games` ADD `age_category` text DEFAULT 'Kids' NOT NULL;--> statement-breakpoint
CREATE INDEX `games_playing_idx` ON `games` (`profile_id`) WHERE "games"."status" = 'playing';--> statement-breakpoint
ALTER TABLE `questions` ADD `bank_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `recent_games` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- A game counts its picks for the age group its player was in; games before this: the player's age now.
UPDATE `games` SET `age_category` = (
	SELECT CASE WHEN `profiles`.`age` < 13 THEN 'Kids' WHEN `profiles`.`age` < 18 THEN 'Teenagers' ELSE 'Adults' END
	FROM `profiles` WHERE `profiles`.`id` = `games`.`profile_id`
);--> statement-breakpoint
-- Bank questions loaded before versions were tracked: seed.ts tells the edited ones from the others.
UPDATE `questions` SET `bank_hash` = 'legacy' WHERE `seed_key` IS NOT NULL;--> statement-breakpoint
-- What each family heard: its last 20 games (services/family-games.ts), newest first.
UPDATE `users` SET `recent_games` = (
	SELECT json_group_array(json_object('p', substr(`profile_id`, 1, 8), 'q', json(`ids`))) FROM (
		SELECT `games`.`profile_id` AS `profile_id`,
			(SELECT json_group_array(`served`.`value` ->> '$.questionId') FROM json_each(`games`.`questions`) AS `served`) AS `ids`
		FROM `games` WHERE `games`.`profile_id` IN (SELECT `id` FROM `profiles` WHERE `profiles`.`user_id` = `users`.`id`)
		ORDER BY `games`.`created_at` DESC LIMIT 20
	)
);--> statement-breakpoint
ALTER TABLE `profiles` DROP COLUMN `recent_question_ids`;