import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { prizeAt } from '#shared/ladder.ts';
import { announce } from '../../lib/announcer';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import type { Game, Phase } from './game-machine';

type Props = {
  game: Game | null;
  phase: Phase;
  position: number;
  questionRef: RefObject<HTMLHeadingElement | null>;
  endTitleRef: RefObject<HTMLHeadingElement | null>;
};

/**
 * Each new question is announced by its number and amount (the first one too: a live region
 * already on the page says it, where the question's own line arrives with its text and is not
 * read). After a pick the focus goes to the next question, with its number and picture in view
 * below the header, not scrolled away above it; at the end, to the end's heading.
 */
export function useQuestionFocus({ game, phase, position, questionRef, endTitleRef }: Props): void {
  const { t } = useTranslation('game');
  const focusKey = phase.kind === 'question' ? `question-${position}` : phase.kind === 'ended' ? 'ended' : null;
  const seen = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once a question (or the end) is first shown.
  useEffect(() => {
    if (!focusKey || seen.current === focusKey) return;
    const first = seen.current === null;
    seen.current = focusKey;
    if (focusKey === 'ended') {
      endTitleRef.current?.focus();
      return;
    }
    if (game) {
      const amount = formatAmount(prizeAt(position), currentLanguage());
      announce(
        `${t('play.questionOf', { number: position + 1, total: game.questions.length })}. ${t('play.playingFor', { amount })}.`,
      );
    }
    // The first question of a page load is not pulled into focus (the skip link and header come
    // first; a page change focuses it, app-wide).
    const heading = questionRef.current;
    if (first || !heading) return;
    heading.focus({ preventScroll: true });
    bringIntoView(heading);
  }, [focusKey]);
}

/**
 * The question's number, its picture and the question in view: scrolled to the top of the game
 * (below the sticky header, by the page's scroll padding) unless they are all in view already;
 * on a screen too short for them all, the question itself wins.
 */
function bringIntoView(heading: HTMLElement) {
  const layout = heading.closest('.game-layout');
  const meta = layout?.querySelector('.question-meta');
  if (!layout || !meta) return;
  const header = document.querySelector('.app-header');
  const covered = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
  const inView = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.top >= covered && box.bottom <= window.innerHeight;
  };
  if (inView(meta) && inView(heading)) return;
  layout.scrollIntoView({ block: 'start' });
  if (!inView(heading)) heading.scrollIntoView({ block: 'nearest' });
}
