CREATE TABLE `saved_question_sets` (
	`user_id` text NOT NULL,
	`set_id` text NOT NULL,
	`saved` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `set_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
