ALTER TABLE `sessions` ADD `pin_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `pin_lockouts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `pin_locked_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `pin_lockouts` integer DEFAULT 0 NOT NULL;