import './confetti.css';
import { useMemo } from 'react';

const PIECES = 60;
const COLORS = ['#f5c542', '#ffe08a', '#16a34a', '#7dd3fc', '#f472b6', '#ffffff'];

/**
 * Confetti falling over the screen, for a win (the millionaire's, a family show's podium): CSS
 * only, none under prefers-reduced-motion. Import it lazily: few screens need it.
 */
export function Confetti() {
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
  );
}

export default Confetti;
