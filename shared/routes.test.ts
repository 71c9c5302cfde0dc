import { describe, expect, it } from 'vitest';
import { editQuestionPath, isClientRoute, questionIdFromPath, safeReturnPath } from './routes';

describe('safe return path after sign-in', () => {
  it.each(['/profiles', '/pre-game', '/profiles?x=1'])('keeps the same-origin path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'evil.example',
    '/\t/evil.example',
    '',
    undefined,
    42,
    `/${'a'.repeat(600)}`,
  ])('sends %s to /', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('client routes', () => {
  it.each([
    '/',
    '/profiles',
    '/create-profile',
    '/pre-game',
    '/game',
    '/family',
    '/show',
    '/join',
    '/sign-in/local',
    '/admin',
    '/admin/questions',
  ])('%s is a client route', (path) => expect(isClientRoute(path)).toBe(true));

  it.each(['/.env', '/data/quiz-ladder.db', '/drizzle/0000_init.sql', '/profiles/../.env', '/nope', '/family/x'])(
    '%s is not',
    (path) => expect(isClientRoute(path)).toBe(false),
  );
});

describe('the question id of an edit address', () => {
  it('reads back what editQuestionPath writes', () => {
    expect(questionIdFromPath(editQuestionPath(12).split('/').pop() as string)).toBe(12);
    expect(questionIdFromPath('1')).toBe(1);
  });

  it('is null for anything no question can have', () => {
    for (const segment of ['does-not-exist-999', '', '0', '-3', '012', '1e3', '12abc', '1.5', '99999999999999999999']) {
      expect(questionIdFromPath(segment)).toBeNull();
    }
  });
});
