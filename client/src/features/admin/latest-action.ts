import { useRef, useState } from 'react';

/**
 * Numbers each action on a page; a message answers one action and goes when the next begins, so
 * a refusal or a success never outlives what it was about.
 */
export function useLatestAction() {
  const latest = useRef(0);
  const [, setShown] = useState(0);
  return {
    /** An action begins (a click, a submit): every earlier message is out of date. Returns its number. */
    begin: () => {
      latest.current += 1;
      setShown(latest.current);
      return latest.current;
    },
    isLatest: (action: number) => action === latest.current,
  };
}
export type Actions = ReturnType<typeof useLatestAction>;
