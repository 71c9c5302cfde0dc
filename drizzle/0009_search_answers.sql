-- The question search looks in the answers too (issue 19): two columns, so a match in the
-- question's text can be listed before a match in its answers alone. Emptied here and filled
-- again at start-up (server/services/question-search.ts, INDEX_VERSION 2).
DROP TABLE `questions_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `questions_search` USING fts5(`question`, `answers`, tokenize = 'trigram', content = '', contentless_delete = 1);
