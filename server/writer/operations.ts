import { deleteSession, deleteUserSessions, purgeExpiredSessions, renewSession } from '../auth/session';
import { signIn } from '../auth/sign-in';
import { createCategory, deleteCategory, updateCategory } from '../services/admin-categories';
import { createQuestion, deleteQuestion, retagQuestion, updateQuestion } from '../services/admin-questions';
import { answerQuestion, endInterruptedGame, startGame, takeLifeline } from '../services/game';
import { chooseActiveProfile, createProfile, deleteProfile, setTtsEnabled, updateProfile } from '../services/profiles';
import { saveQuestionSet } from '../services/question-sets';
import { dismissReports, reportQuestion } from '../services/reports';

/**
 * Every write the server makes, as the services define them: plain synchronous functions of
 * `(db, ...args)`. They run on the writer thread (writer.ts), the only connection that writes;
 * call sites use them as methods of the Writer: `writer.startGame(userId, input)`.
 */
export const writeOperations = {
  // Sessions
  signIn,
  signOut: deleteSession,
  signOutEverywhere: deleteUserSessions,
  renewSession,
  purgeExpiredSessions,
  chooseActiveProfile,
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
  // Admin
  createQuestion,
  updateQuestion,
  retagQuestion,
  deleteQuestion,
  createCategory,
  updateCategory,
  deleteCategory,
  dismissReports,
  saveQuestionSet,
};

export type WriteOperations = typeof writeOperations;
export type WriteOperation = keyof WriteOperations;
