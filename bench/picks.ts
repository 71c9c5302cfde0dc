/**
 * Picks (tRPC game.answer) under load: games started in-process before the server does, each
 * answered right at every position, so that every request is a real pick the server records (a
 * whole game is one start and up to 15 picks). The requests are ordered so that a game's pick comes
 * only after its previous one has been answered: in the closed loop each connection owns its games
 * (load.ts, closedSequences);
 * in the open loop a game's next pick comes `games` requests after its last.
 */

import { shownIndexOf } from '#shared/shuffle.ts';
import { findSession } from '../server/auth/session';
import { signIn } from '../server/auth/sign-in';
import { closeDatabase, openDatabase } from '../server/db/database';
import { startGame } from '../server/game/game';
import { createProfile, MAX_PROFILES_PER_ACCOUNT } from '../server/services/profiles';
import type { PostRequest } from './load';

type Game = { gameId: string; cookie: string; answers: number[] };

function startGames(databasePath: string, count: number, runId: string): Game[] {
  const db = openDatabase(databasePath);
  const correctOf = db.$client
    .prepare<[number], number>('SELECT correct_answer_index FROM questions WHERE id = ?')
    .pluck();
  try {
    const games: Game[] = [];
    for (let a = 0; games.length < count; a++) {
      const email = `bench-picks-${runId}-${a}@example.com`;
      const { token } = signIn(
        db,
        { subject: `local:${email}`, email, displayName: `Picker ${a}`, photoUrl: null },
        [],
        null,
      );
      const userId = findSession(db, token)?.user.id as string;
      for (let p = 0; p < MAX_PROFILES_PER_ACCOUNT && games.length < count; p++) {
        const profile = createProfile(db, userId, { name: `Picker ${a}.${p}`, age: 9, avatar: 'avatar1.svg' });
        const game = startGame(db, userId, { profileId: profile.id, categoryId: 'random', lang: 'en' });
        if (!game) throw new Error('no game started for the picks');
        const served = db.$client
          .prepare<[string], string>('SELECT questions FROM games WHERE id = ?')
          .pluck()
          .get(game.gameId) as string;
        const answers = (JSON.parse(served) as { questionId: number; answerOrder: number[] }[]).map((q) =>
          shownIndexOf(q.answerOrder, correctOf.get(q.questionId) as number),
        );
        games.push({ gameId: game.gameId, cookie: `ql_session=${token}`, answers });
      }
    }
    return games;
  } finally {
    closeDatabase(db);
  }
}

const pickOf = (origin: string, game: Game, position: number): PostRequest => ({
  path: '/trpc/game.answer',
  headers: { 'content-type': 'application/json', origin, cookie: game.cookie },
  body: JSON.stringify({ gameId: game.gameId, position, answerIndex: game.answers[position] }),
});

/** Every pick of `games`, position after position: a game's next pick comes a whole round later. */
function byPosition(origin: string, games: Game[]): PostRequest[] {
  const positions = Math.min(...games.map((g) => g.answers.length));
  return Array.from({ length: positions }, (_, position) => games.map((game) => pickOf(origin, game, position))).flat();
}

export type PickGames = { closed: Game[][]; open: Game[] };

/**
 * Starts the games (before the server does): `closedGames` for a closed loop over `connections`
 * (each connection owns an equal share), `openGames` for an open loop.
 */
export function startPickGames(
  databasePath: string,
  options: { closedGames: number; openGames: number; connections: number; runId: string },
): PickGames {
  const perConnection = Math.ceil(options.closedGames / options.connections);
  const games = startGames(databasePath, perConnection * options.connections + options.openGames, options.runId);
  return {
    closed: Array.from({ length: options.connections }, (_, c) =>
      games.slice(c * perConnection, (c + 1) * perConnection),
    ),
    open: games.slice(perConnection * options.connections),
  };
}

/** The requests of those games' picks, for the server at `origin`: a sequence a connection for the closed loop. */
export function pickRequests(origin: string, games: PickGames): { closed: PostRequest[][]; open: PostRequest[] } {
  return {
    closed: games.closed.map((share) => byPosition(origin, share)),
    open: byPosition(origin, games.open),
  };
}
