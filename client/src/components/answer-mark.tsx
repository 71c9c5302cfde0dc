/** A tick or a cross beside an answer: right and wrong told apart by shape, not only by colour. */
export function AnswerMark({ right }: { right: boolean }) {
  return (
    <svg className="answer-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={right ? 'M4 12.5l5 5L20 6.5' : 'M6 6l12 12M18 6L6 18'}
        fill="none"
        stroke="currentColor"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
