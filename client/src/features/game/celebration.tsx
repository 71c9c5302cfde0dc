import './celebration.css';
import { useMemo } from 'react';
import { QUESTIONS_PER_GAME } from '../../../../shared/ladder';
import { Ladder } from './ladder';

const PIECES = 60;
const COLORS = ['#f5c542', '#ffe08a', '#16a34a', '#7dd3fc', '#f472b6', '#ffffff'];

/**
 * The millionaire's celebration: confetti falling over the screen (CSS only, none under
 * prefers-reduced-motion) and the whole ladder lit up to the top, level after level.
 */
export default function Celebration() {
  const pieces = useMemo(
    () =>
      Array.from({ length: PIECES }, (_, i) => ({
        left: `${Math.random() * 100}%`,
        delay: `${Math.random() * 2.5}s`,
        duration: `${3 + Math.random() * 2.5}s`,
        color: COLORS[i % COLORS.length],
        drift: `${Math.round((Math.random() - 0.5) * 160)}px`,
      })),
    [],
  );
  return (
    <>
      <div className="confetti" aria-hidden="true">
        {pieces.map((piece, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of pieces, never reordered.
            key={i}
            style={
              {
                left: piece.left,
                background: piece.color,
                animationDelay: piece.delay,
                animationDuration: piece.duration,
                '--drift': piece.drift,
              } as React.CSSProperties
            }
          />
        ))}
      </div>
      <div className="celebration-ladder">
        <Ladder position={QUESTIONS_PER_GAME} correctCount={QUESTIONS_PER_GAME} />
      </div>
    </>
  );
}
