-- The question search looks in the answers too (issue 19), in a table of their own beside
-- `questions_search` (the questions' texts), so a search of the texts costs what it did and a match
-- in the text can be listed before a match in the answers alone. Filled at start-up with the texts'
-- table (server/services/question-search.ts, INDEX_VERSION 2).
CREATE VIRTUAL TABLE `questions_answers_search` USING fts5(`answers`, tokenize = 'trigram', content = '', contentless_delete = 1);
