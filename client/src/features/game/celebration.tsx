import './celebration.css';
import { QUESTIONS_PER_GAME } from '#shared/ladder.ts';
import { Confetti } from '../../components/confetti';
import { Ladder } from './ladder';

/**
 * The millionaire's celebration: confetti falling over the screen (none under
 * prefers-reduced-motion) and the whole ladder lit up to the top, level after level.
 */
export default function Celebration() {
  return (
    <>
      <Confetti />
      <div className="celebration-ladder">
        <Ladder position={QUESTIONS_PER_GAME} correctCount={QUESTIONS_PER_GAME} />
      </div>
    </>
  );
}
