import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIZE_LADDER } from '#shared/ladder.ts';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useOverflows } from '../../lib/use-overflows';

/**
 * The game's amounts (a column with the top prize up, or a strip on a phone), with the current
 * level lit and the ones won marked: 15, or fewer in a short game (a category with fewer questions).
 */
export function Ladder({
  position,
  correctCount,
  levels = PRIZE_LADDER.length,
}: {
  position: number;
  correctCount: number;
  levels?: number;
}) {
  const { t } = useTranslation('game');
  const currentRef = useRef<HTMLLIElement>(null);
  const stripRef = useRef<HTMLOListElement>(null);
  const scrolls = useOverflows(stripRef);
  // On a phone the ladder is a strip: keep the current level in view, without scrolling the page,
  // the strip starting on a whole rung (the one before, to see where the player comes from).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the level changes; the ref follows it.
  useEffect(() => {
    const level = currentRef.current;
    const strip = level?.parentElement;
    if (!level || !strip || strip.scrollWidth <= strip.clientWidth) return;
    const first = (level.previousElementSibling as HTMLElement | null) ?? level;
    // The rungs are placed in the strip (position: relative), inside its 4-px padding.
    strip.scrollLeft = first.offsetLeft - 4;
    // The right end fades only while there are rungs beyond it (styles.css).
    const markEnd = () => {
      strip.dataset.end = String(strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1);
    };
    markEnd();
    strip.addEventListener('scroll', markEnd, { passive: true });
    return () => strip.removeEventListener('scroll', markEnd);
  }, [position]);

  return (
    <section className="ladder" aria-label={t('play.ladder')}>
      {/* Focusable where it scrolls (the strip on a phone), so the keyboard can scroll it too. */}
      <ol ref={stripRef} tabIndex={scrolls ? 0 : undefined} aria-label={t('play.ladder')}>
        {PRIZE_LADDER.slice(0, levels).map((amount, level) => {
          const isCurrent = level === position;
          const isWon = level < correctCount;
          return (
            <li
              key={amount}
              ref={isCurrent ? currentRef : undefined}
              className={`ladder-level${isCurrent ? ' current' : ''}${isWon ? ' won' : ''}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className="ladder-number">{level + 1}</span>
              <span className="ladder-amount">{formatAmount(amount, currentLanguage())}</span>
              {isCurrent && <span className="visually-hidden"> ({t('play.currentLevel')})</span>}
              {isWon && <span className="visually-hidden"> ({t('play.wonLevel')})</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
