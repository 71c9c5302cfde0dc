import '../../lib/speech/speech-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/i18n.ts';
import {
  ASK_THE_FAMILY_SECONDS,
  isLifelineLeft,
  LIFELINES,
  type Lifeline,
  type UsedLifelines,
} from '#shared/lifelines.ts';
import type { SpokenLine } from '#shared/spoken-lines.ts';
import { announce } from '../../lib/announcer';
import { focusWhenReady } from '../../lib/focus';
import { ANSWER_LETTERS, type SpeechPart } from '../../lib/speech/voice';
import { FamilyCountdown, keepQuestionInView } from './family-countdown';
import { useLifelineRequest } from './use-lifeline-request';

/** Drawn, not emoji: the same on every device (many TVs and headless browsers have no emoji font). */
const ICONS: Record<Lifeline, React.ReactNode> = {
  fiftyFifty: (
    <svg className="icon" viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 2a10 10 0 0 0 0 20z" />
    </svg>
  ),
  audience: (
    <svg className="icon" viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true">
      <rect x="3" y="12" width="4" height="9" rx="1" />
      <rect x="10" y="5" width="4" height="16" rx="1" />
      <rect x="17" y="9" width="4" height="12" rx="1" />
    </svg>
  ),
  family: (
    <svg className="icon" viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true">
      <circle cx="7" cy="6" r="3" />
      <circle cx="17" cy="6" r="3" />
      <circle cx="12" cy="12" r="2.2" />
      <path d="M2 21v-5a5 5 0 0 1 10 0v5zM12 21v-5a5 5 0 0 1 10 0v5z" />
    </svg>
  ),
};

type Props = {
  gameId: string;
  position: number;
  used: UsedLifelines;
  /** While a pick is being checked or shown: no lifeline then. */
  locked: boolean;
  language: Language;
  onUsed: (used: UsedLifelines) => void;
  /** Reads lines in the game's language (a no-op when reading aloud is off). */
  say: (parts: SpeechPart[], line: SpokenLine) => void;
};

/**
 * The three lifelines, each once a game, and what the used ones show on their question: the
 * audience's poll, or Ask the family's countdown. 50:50's answers are taken away by the game screen.
 */
export function Lifelines({ gameId, position, used, locked, language, onUsed, say }: Props) {
  const { t, i18n } = useTranslation('game');
  const spoken = i18n.getFixedT(language, 'speech');
  /** The question Ask the family's countdown runs on, while it runs. */
  const [familyAt, setFamilyAt] = useState<number | null>(null);

  /** What a lifeline brings, once the server has taken it: shown, announced, read aloud. */
  function brought(lifeline: Lifeline, now: UsedLifelines) {
    onUsed(now);
    // The lifeline's button is now disabled: focus goes on to what it brought (in view on a
    // phone too), never to the page.
    focusAfter(lifeline);
    if (lifeline === 'fiftyFifty' && now.fiftyFifty) {
      const letters = now.fiftyFifty.removed.map((index) => ANSWER_LETTERS[index]);
      announce(t('lifelines.fiftyRemoved', { first: letters[0], second: letters[1] }));
    }
    if (lifeline === 'audience' && now.audience) {
      announce(
        `${t('lifelines.pollTitle')}: ${now.audience.poll
          .map((percent, index) => t('lifelines.pollShare', { letter: ANSWER_LETTERS[index], percent }))
          .join(', ')}.`,
      );
      say(
        [
          { text: spoken('audience'), lang: language },
          ...now.audience.poll.flatMap((percent, index) =>
            percent > 0 ? [{ text: `${ANSWER_LETTERS[index]}: ${percent}%`, lang: language }] : [],
          ),
        ],
        'audience',
      );
    }
    if (lifeline === 'family') {
      setFamilyAt(position);
      say([{ text: spoken('family', { seconds: ASK_THE_FAMILY_SECONDS }), lang: language }], 'family');
    }
  }
  const request = useLifelineRequest({ gameId, position, onTaken: brought });

  const poll = used.audience?.position === position ? used.audience.poll : null;
  return (
    <div className="lifelines">
      <fieldset className="lifeline-buttons">
        <legend className="visually-hidden">{t('lifelines.title')}</legend>
        {LIFELINES.map((lifeline) => {
          const taken = !isLifelineLeft(used, lifeline);
          return (
            <button
              key={lifeline}
              type="button"
              className={`button lifeline${taken ? ' used' : ''}`}
              data-lifeline={lifeline}
              // Held while another is asked for, not disabled: the focus stays on the one pressed.
              disabled={taken || locked}
              aria-disabled={(request.pending !== null && request.pending !== lifeline) || undefined}
              aria-busy={request.pending === lifeline || undefined}
              onClick={() => request.take(lifeline)}
            >
              <span className="lifeline-icon" aria-hidden="true">
                {ICONS[lifeline]}
              </span>
              {t(`lifelines.${lifeline}`)}
              {taken && <span className="visually-hidden"> ({t('lifelines.used')})</span>}
            </button>
          );
        })}
      </fieldset>
      {request.error && (
        <p className="form-error" role="alert">
          {t(request.error)}
        </p>
      )}
      {request.waiting && (
        <div className="notice lifeline-waiting" role="status">
          <p>{t('lifelines.waiting', { lifeline: t(`lifelines.${request.waiting}`) })}</p>
          <button type="button" className="button" onClick={request.retry}>
            {t('play.retry')}
          </button>
        </div>
      )}
      {poll && <AudiencePoll poll={poll} />}
      {familyAt === position && (
        <FamilyCountdown
          onTimeUp={() => say([{ text: spoken('timeUp'), lang: language }], 'timeUp')}
          onDone={() => {
            setFamilyAt(null);
            focusWhenReady(firstAnswerLeft);
          }}
        />
      )}
    </div>
  );
}

/** The audience's poll as a bar chart: one bar per answer, its letter and share under it. */
function AudiencePoll({ poll }: { poll: number[] }) {
  const { t } = useTranslation('game');
  return (
    <figure className="audience-poll" tabIndex={-1}>
      <figcaption>{t('lifelines.pollTitle')}</figcaption>
      <ol className="poll-bars">
        {poll.map((percent, index) => {
          const letter = ANSWER_LETTERS[index] as string;
          return (
            <li key={letter} aria-label={t('lifelines.pollShare', { letter, percent })}>
              <span className="poll-percent" aria-hidden="true">
                {percent}%
              </span>
              <span className="poll-bar" aria-hidden="true">
                <span style={{ height: `${percent}%` }} />
              </span>
              <span className="poll-letter" aria-hidden="true">
                {letter}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

const firstAnswerLeft = () => document.querySelector<HTMLElement>('.answers button.answer:not([disabled])');

/** What a lifeline brought, where the focus goes once it is used. */
const BROUGHT: Record<Lifeline, () => HTMLElement | null> = {
  fiftyFifty: firstAnswerLeft,
  audience: () => document.querySelector('.audience-poll'),
  family: () => document.querySelector('.family-countdown button'),
};

/**
 * Focus to what a lifeline brought (the first answer 50:50 left, the audience's poll, the family's
 * Done), once the page shows it: its button shown used says the screen has been drawn again, so
 * the answers found are the ones left, not the ones before. Ask the family's countdown stays
 * pinned in view (styles.css): its Done takes the focus where it is, and the question is brought
 * into view, not scrolled away, for the family reads it while they decide.
 */
function focusAfter(lifeline: Lifeline) {
  const family = lifeline === 'family';
  focusWhenReady(
    () => {
      if (!document.querySelector(`.lifeline[data-lifeline="${lifeline}"]:disabled`)) return null;
      const target = BROUGHT[lifeline]();
      if (family && target) keepQuestionInView();
      return target;
    },
    { preventScroll: family },
  );
}
