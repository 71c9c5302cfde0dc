import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/i18n.ts';
import type { SetQuestion } from '#shared/schemas/question-set.ts';
import { ANSWER_LETTERS } from '../../lib/speech/voice';

function Answers({ answers, correct, lang }: { answers: string[]; correct: number; lang: Language }) {
  const { t } = useTranslation('admin');
  return (
    <ol className="set-answers" lang={lang}>
      {answers.map((answer, index) => (
        <li key={ANSWER_LETTERS[index]} data-correct={index === correct || undefined}>
          <span aria-hidden="true">{ANSWER_LETTERS[index]}.</span> {answer}
          {index === correct && <strong className="set-correct"> ✓ {t('questionSet.correct')}</strong>}
        </li>
      ))}
    </ol>
  );
}

type Props = {
  question: SetQuestion;
  categoryName: string;
  selected: boolean;
  onToggle: () => void;
};

/** A question of the set under review, in both languages, ticked to save or not. */
export function SetQuestionItem({ question, categoryName, selected, onToggle }: Props) {
  const { t } = useTranslation('admin');
  return (
    <li className="set-question">
      <label className="set-select">
        <input type="checkbox" checked={selected} onChange={onToggle} />
        <span>{t('questionSet.select')}</span>
      </label>
      <p className="muted">
        {t('questionSet.meta', {
          category: categoryName,
          age: t(`ages.${question.ageCategory}`),
          difficulty: t(`difficulties.${question.difficulty}`),
        })}
      </p>
      {question.imageUrl && <img className="set-picture" src={question.imageUrl} alt={t('questionSet.picture')} />}
      <div className="set-languages">
        <div>
          <h3 className="set-language">{t('questionSet.english')}</h3>
          <p lang="en">{question.question_en}</p>
          <Answers answers={question.answers_en} correct={question.correctAnswerIndex} lang="en" />
        </div>
        <div>
          <h3 className="set-language">{t('questionSet.vietnamese')}</h3>
          <p lang="vi">{question.question_vi}</p>
          <Answers answers={question.answers_vi} correct={question.correctAnswerIndex} lang="vi" />
        </div>
      </div>
    </li>
  );
}
