ALTER TABLE `games` ADD `questions` text NOT NULL DEFAULT '[]';--> statement-breakpoint
UPDATE `games` SET `questions` = (
	SELECT json_group_array(json_object('questionId', `question_id`, 'answerOrder', json(`answer_order`), 'pickedIndex', `picked_index`))
	FROM (SELECT * FROM `game_questions` WHERE `game_questions`.`game_id` = `games`.`id` ORDER BY `position`)
);--> statement-breakpoint
DROP TABLE `game_questions`;
