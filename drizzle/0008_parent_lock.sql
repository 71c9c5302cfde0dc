ALTER TABLE `sessions` ADD `unlocked_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `pin_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pin_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `pin_locked_until` integer;