import { useTranslation } from 'react-i18next';
import type { PlayerView, ShowQuestion } from '#shared/show-views.ts';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ANSWER_LETTERS } from '../../lib/speech/voice';
import { Countdown } from './countdown';
import { PhoneAnswers } from './phone-answers';

type Props = {
  view: PlayerView & { question: ShowQuestion };
  receivedAt: number;
  locked: number | null;
  /** The tap sent, not yet recorded by the server. */
  sending: boolean;
  open: boolean;
  error: string | null;
  onPick: (index: number) => void;
};

/** A question on a phone, asked or revealed: its text, its picture, the four answers to tap. */
export function PhoneQuestion({ view, receivedAt, locked, sending, open, error, onPick }: Props) {
  const { t } = useTranslation(['show', 'errors']);
  const { question, reveal } = view;
  const asking = view.status === 'question';
  let status = '';
  if (asking && locked !== null) {
    status = sending ? t('phone.sending') : t('phone.locked', { letter: ANSWER_LETTERS[locked] });
  } else if (asking) status = t('phone.tapHint');
  return (
    <section className="card phone-card phone-question" aria-labelledby="phone-question-text">
      <div className="show-question-meta">
        <p aria-live="polite" aria-atomic="true">
          <span>{t('phone.question', { number: question.position + 1, total: view.questionCount })}</span>{' '}
          <span className="playing-for">
            {t('question.for', { amount: formatAmount(question.amount, currentLanguage()) })}
          </span>
        </p>
        {asking && <Countdown question={question} serverNow={view.serverNow} receivedAt={receivedAt} />}
      </div>
      <h1 id="phone-question-text" className="question-text" lang={question.lang}>
        {question.question}
      </h1>
      {question.imageUrl && <img className="question-image" src={question.imageUrl} alt={t('question.image')} />}
      <PhoneAnswers
        question={question}
        locked={locked}
        correctIndex={reveal?.correctIndex ?? null}
        open={open}
        onPick={onPick}
      />
      <p className="phone-status" role="status">
        {status}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      )}
      {reveal && <PhoneResult view={view} />}
    </section>
  );
}

/** A reveal on a phone: right or wrong, the right answer, the score and the place. */
function PhoneResult({ view }: { view: PlayerView & { question: ShowQuestion } }) {
  const { t } = useTranslation('show');
  const { question, reveal } = view;
  if (!reveal) return null;
  const right = view.myAnswer === null ? null : reveal.right;
  return (
    <div className="phone-score" role="status">
      <p className="phone-result" data-right={right ?? undefined}>
        {right === null ? t('phone.missed') : right ? t('phone.right') : t('phone.wrong')}
      </p>
      {!right && (
        <p lang={question.lang}>
          {t('phone.rightAnswer', {
            letter: ANSWER_LETTERS[reveal.correctIndex],
            text: question.answers[reveal.correctIndex],
          })}
        </p>
      )}
      <p>{t('phone.score', { amount: formatAmount(view.score.amount, currentLanguage()) })}</p>
      {view.place !== null && <p>{t('phone.place', { place: view.place, total: view.players })}</p>}
      <p className="muted">{t('phone.watchTv')}</p>
    </div>
  );
}
