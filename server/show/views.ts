import { amountAt, rankPlayers, type Standing, scoreOf, showAgeGroup, showLadder } from '#shared/show.ts';
import type { HostView, PlayerView, ShowQuestion, ShowReveal } from '#shared/show-views.ts';
import type { ShowState } from './store';

/**
 * Each screen's snapshot of a show (shared/show-views.ts), made from its state: pure, so a show's
 * TV and phones woken by one change share one state (state.ts). The right answer appears only
 * once the status is 'reveal'.
 */

function shownQuestion({ show, question }: ShowState): ShowQuestion | null {
  if (!question || (show.status !== 'question' && show.status !== 'reveal')) return null;
  const startedAt = show.questionStartedAt ?? 0;
  const deadline = show.deadline ?? startedAt;
  return {
    position: question.position,
    amount: amountAt(show.questionCount, question.position),
    lang: question.lang,
    question: question.question,
    answers: question.answers,
    imageUrl: question.imageUrl,
    countdownMs: deadline - startedAt,
    deadline,
  };
}

function revealOf({ show, question, answers }: ShowState): ShowReveal | null {
  if (show.status !== 'reveal' || !question) return null;
  const counts = [0, 0, 0, 0];
  for (const answer of answers) counts[answer.answerIndex] = (counts[answer.answerIndex] ?? 0) + 1;
  return { correctIndex: question.correctIndex, counts };
}

function standingsOf({ players }: ShowState): Standing[] {
  return rankPlayers(
    players.map(({ id, correctCount, rightAnswerMs }) => ({ playerId: id, correctCount, rightAnswerMs })),
  );
}

const playingAt = (firstPosition: number, show: ShowState['show']) =>
  show.position >= 0 && firstPosition <= show.position && show.status !== 'podium';

/** The TV's snapshot; `connected` says which of the players' screens are open now (presence, in memory). */
export function hostView(state: ShowState, connected: (playerId: string) => boolean, serverNow: number): HostView {
  const { show, players, answers } = state;
  const answerOf = new Map(answers.map((answer) => [answer.playerId, answer.answerIndex]));
  const reveal = revealOf(state);
  const questionCount = show.questionCount;
  return {
    kind: 'host',
    showId: show.id,
    code: show.code,
    status: show.status,
    settings: {
      categoryId: show.categoryId ?? 'random',
      questionCount,
      lang: show.lang,
      ageGroup: show.ageChoice,
    },
    ageGroup:
      show.ageGroup ??
      showAgeGroup(
        show.ageChoice,
        players.map((player) => player.ageGroup),
      ),
    questionCount,
    ladder: showLadder(questionCount),
    position: show.position,
    question: shownQuestion(state),
    reveal,
    players: players.map((player) => {
      const playing = playingAt(player.firstPosition, show);
      const picked = answerOf.get(player.id);
      return {
        playerId: player.id,
        name: player.name,
        avatar: player.avatar,
        ageGroup: player.ageGroup,
        guest: player.profileId === null,
        connected: connected(player.id),
        playing,
        answered: picked !== undefined,
        right: reveal && playing ? picked === reveal.correctIndex : null,
        score: { correctCount: player.correctCount, amount: scoreOf(questionCount, player.correctCount) },
      };
    }),
    standings: standingsOf(state),
    serverNow,
  };
}

/** Whether places mean anything yet: from the first reveal on. */
const ranked = (show: ShowState['show']) =>
  show.status === 'podium' || show.status === 'reveal' || (show.status === 'question' && show.position > 0);

/** One phone's snapshot; null when its player is no longer in the show. */
export function playerView(state: ShowState, playerId: string, serverNow: number): PlayerView | null {
  const { show, players, answers } = state;
  const player = players.find((p) => p.id === playerId);
  if (!player) return null;
  const playing = playingAt(player.firstPosition, show);
  const myAnswer = answers.find((answer) => answer.playerId === playerId)?.answerIndex ?? null;
  const reveal = revealOf(state);
  return {
    kind: 'player',
    showId: show.id,
    playerId,
    name: player.name,
    avatar: player.avatar,
    status: show.status,
    questionCount: show.questionCount,
    position: show.position,
    playing,
    question: shownQuestion(state),
    myAnswer,
    reveal: reveal && { correctIndex: reveal.correctIndex, right: playing ? myAnswer === reveal.correctIndex : null },
    score: { correctCount: player.correctCount, amount: scoreOf(show.questionCount, player.correctCount) },
    place: ranked(show) ? (standingsOf(state).find((s) => s.playerId === playerId)?.place ?? null) : null,
    players: players.length,
    serverNow,
  };
}
