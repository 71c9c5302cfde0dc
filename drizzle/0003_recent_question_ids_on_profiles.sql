ALTER TABLE `profiles` ADD `recent_question_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
UPDATE `profiles` SET `recent_question_ids` = (
	SELECT json_group_array(json(`ids`)) FROM (
		SELECT (SELECT json_group_array(`served`.`value` ->> '$.questionId') FROM json_each(`games`.`questions`) AS `served`) AS `ids`
		FROM `games` WHERE `games`.`profile_id` = `profiles`.`id` ORDER BY `games`.`created_at` DESC LIMIT 10
	)
);
