import { keepUnlocked, lockSession, pinTryRight, removePin, setPin, takePinTry } from './auth/parent-lock';
import { deleteSession, deleteUserSessions, purgeExpiredSessions, renewSession } from './auth/session';
import { signIn } from './auth/sign-in';
import type { Db } from './db/database';
import { answerQuestion, endInterruptedGame, startGame, takeLifeline } from './game/game';
import { createCategory, deleteCategory, updateCategory } from './services/admin-categories';
import {
  createQuestion,
  deleteQuestion,
  moveQuestions,
  retagQuestion,
  updateQuestion,
} from './services/admin-question-edits';
import { chooseActiveProfile, createProfile, deleteProfile, setTtsEnabled, updateProfile } from './services/profiles';
import { saveQuestionSet } from './services/question-sets';
import { dismissReports, reportQuestion } from './services/reports';
import { configureShow, createShow, removeShowPlayer, startShow } from './show/lobby-ops';
import { answerShow, joinShow, leaveShow } from './show/player-ops';
import {
  closeFinishedShow,
  closeShow,
  endShow,
  endUnattendedShow,
  nextShowQuestion,
  revealShowQuestion,
} from './show/round-ops';

/**
 * Every write the server makes, as the services define them: plain synchronous functions of
 * `(db, ...args)`, each one transaction of its own. Transports call them as methods of a Writer,
 * `await writer.startGame(userId, input)`: reads go to `deps.db`, writes through here, so a
 * request's writes are easy to find, and a GET (which only reads) works on a read-only replica.
 */
export const writeOperations = {
  // Sessions
  signIn,
  signOut: deleteSession,
  signOutEverywhere: deleteUserSessions,
  renewSession,
  purgeExpiredSessions,
  chooseActiveProfile,
  // The parent lock
  setPin,
  removePin,
  takePinTry,
  pinTryRight,
  lockSession,
  keepUnlocked,
  // Profiles
  createProfile,
  updateProfile,
  deleteProfile,
  setTtsEnabled,
  // Games
  startGame,
  answerQuestion,
  takeLifeline,
  endInterruptedGame,
  reportQuestion,
  // The family show: the host's, the phones', and its timers' (server/show/runtime.ts)
  createShow,
  configureShow,
  startShow,
  removeShowPlayer,
  nextShowQuestion,
  endShow,
  closeShow,
  joinShow,
  answerShow,
  leaveShow,
  revealShowQuestion,
  endUnattendedShow,
  closeFinishedShow,
  // Admin
  createQuestion,
  updateQuestion,
  retagQuestion,
  moveQuestions,
  deleteQuestion,
  createCategory,
  updateCategory,
  deleteCategory,
  dismissReports,
  saveQuestionSet,
};

export type WriteOperations = typeof writeOperations;
export type WriteOperation = keyof WriteOperations;
type ArgsOf<K extends WriteOperation> = WriteOperations[K] extends (db: never, ...args: infer A) => unknown ? A : never;

/** Each write operation as a method, its database bound: `await writer.startGame(userId, input)`. */
export type Writer = {
  readonly [K in WriteOperation]: (...args: ArgsOf<K>) => Promise<ReturnType<WriteOperations[K]>>;
};

/** The writer on the server's one connection: each call runs at once, in its own transaction. */
export function inProcessWriter(db: Db): Writer {
  const bound = Object.entries(writeOperations).map(([name, operation]) => [
    name,
    async (...args: unknown[]) => (operation as (db: Db, ...rest: unknown[]) => unknown)(db, ...args),
  ]);
  return Object.fromEntries(bound) as Writer;
}
