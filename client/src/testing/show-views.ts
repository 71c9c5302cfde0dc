import { showLadder } from '#shared/show.ts';
import type { HostPlayer, HostView, PlayerView, ShowQuestion } from '#shared/show-views.ts';

/** Snapshots of a family show as its streams send them (shared/show-views.ts), for the screens' tests. */

export const SHOW_ID = '0190a8f2-0000-7000-8000-000000000001';

export function showQuestion(overrides: Partial<ShowQuestion> = {}): ShowQuestion {
  return {
    position: 0,
    amount: 100,
    lang: 'en',
    question: 'Which planet is red?',
    answers: ['Venus', 'Mars', 'Jupiter', 'Saturn'],
    imageUrl: null,
    countdownMs: 20_000,
    deadline: 1_000_020_000,
    ...overrides,
  };
}

export function hostPlayer(overrides: Partial<HostPlayer> = {}): HostPlayer {
  return {
    playerId: '0190a8f2-0000-7000-8000-00000000aa01',
    name: 'An',
    avatar: 'avatar1.svg',
    ageGroup: 'Kids',
    guest: false,
    connected: true,
    playing: false,
    answered: false,
    right: null,
    score: { correctCount: 0, amount: 0 },
    ...overrides,
  };
}

export function hostView(overrides: Partial<HostView> = {}): HostView {
  return {
    kind: 'host',
    showId: SHOW_ID,
    code: '004217',
    status: 'lobby',
    settings: { categoryId: 'random', questionCount: 5, lang: 'en', ageGroup: 'auto' },
    ageGroup: null,
    questionCount: 5,
    ladder: showLadder(5),
    position: -1,
    question: null,
    reveal: null,
    players: [],
    standings: [],
    serverNow: 1_000_000_000,
    ...overrides,
  };
}

export function playerView(overrides: Partial<PlayerView> = {}): PlayerView {
  return {
    kind: 'player',
    showId: SHOW_ID,
    playerId: '0190a8f2-0000-7000-8000-00000000aa01',
    name: 'An',
    avatar: 'avatar1.svg',
    status: 'lobby',
    questionCount: 5,
    position: -1,
    playing: false,
    question: null,
    myAnswer: null,
    reveal: null,
    score: { correctCount: 0, amount: 0 },
    place: null,
    players: 1,
    serverNow: 1_000_000_000,
    ...overrides,
  };
}

/** A phone's snapshot of question `position`, open, with this player in it. */
export function askedView(position = 0, overrides: Partial<PlayerView> = {}): PlayerView {
  return playerView({
    status: 'question',
    position,
    playing: true,
    question: showQuestion({ position }),
    ...overrides,
  });
}
