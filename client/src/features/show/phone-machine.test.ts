import { describe, expect, it } from 'vitest';
import type { ShowLookup } from '#shared/show-views.ts';
import { askedView, playerView, showQuestion } from '../../testing/show-views';
import {
  canAnswer,
  initialPhoneState,
  lockedAnswer,
  type PhoneAction,
  type PhoneState,
  phoneReducer,
  phoneScreen,
} from './phone-machine';

const run = (actions: PhoneAction[], from: PhoneState = initialPhoneState) => actions.reduce(phoneReducer, from);
const lookup: ShowLookup = { status: 'lobby', lang: 'en', players: 2, full: false, profiles: null };
const joined = run([{ type: 'me', joined: true }]);
const asked = run([{ type: 'view', view: askedView(0), receivedAt: 7 }], joined);

describe('a phone in a family show', () => {
  it('asks for the room code when it is in no show', () => {
    expect(phoneScreen(initialPhoneState)).toBe('loading');
    expect(phoneScreen(run([{ type: 'me', joined: false }]))).toBe('code');
  });

  it('comes back into its show after a reload: connecting, then what the stream says', () => {
    expect(phoneScreen(joined)).toBe('connecting');
    expect(phoneScreen(asked)).toBe('question');
    expect(asked.receivedAt).toBe(7);
  });

  it('looks a code up, then asks who joins; a refusal says why and stays on the code', () => {
    const code = run([{ type: 'me', joined: false }]);
    const looking = phoneReducer(code, { type: 'busy' });
    expect(looking.busy).toBe(true);
    const refused = phoneReducer(looking, { type: 'refused', messageKey: 'errors:show.codeNotFound' });
    expect(refused).toMatchObject({ busy: false, error: 'errors:show.codeNotFound', phase: { kind: 'code' } });
    const found = phoneReducer(looking, { type: 'found', code: '004217', lookup });
    expect(found.phase).toEqual({ kind: 'choose', code: '004217', lookup });
    expect(phoneScreen(found)).toBe('choose');
    expect(phoneScreen(phoneReducer(found, { type: 'enterCode' }))).toBe('code');
  });

  it('is in the show once joined, and waits in the lobby', () => {
    const found = run([
      { type: 'me', joined: false },
      { type: 'found', code: '004217', lookup },
    ]);
    const inShow = run([{ type: 'joined' }, { type: 'view', view: playerView(), receivedAt: 1 }], found);
    expect(phoneScreen(inShow)).toBe('lobby');
  });

  it('has a late joiner follow along until the next question', () => {
    const late = run([{ type: 'view', view: askedView(2, { playing: false }), receivedAt: 1 }], joined);
    expect(phoneScreen(late)).toBe('waitNext');
    expect(canAnswer(late, 2)).toBe(false);
    expect(phoneReducer(late, { type: 'pick', position: 2, answerIndex: 0 })).toBe(late);
  });

  it('locks the first tap at once; a second tap changes nothing', () => {
    const picked = phoneReducer(asked, { type: 'pick', position: 0, answerIndex: 1 });
    expect(lockedAnswer(picked)).toBe(1);
    expect(picked.mine).toEqual({ position: 0, answerIndex: 1, recorded: false });
    expect(phoneReducer(picked, { type: 'pick', position: 0, answerIndex: 2 })).toBe(picked);
  });

  it('keeps the lock through a snapshot that does not show the answer yet, and takes the recorded one', () => {
    const picked = phoneReducer(asked, { type: 'pick', position: 0, answerIndex: 1 });
    const again = phoneReducer(picked, { type: 'view', view: askedView(0), receivedAt: 8 });
    expect(lockedAnswer(again)).toBe(1);
    // Another tab of the same player answered first: the server's answer is the one shown.
    const recorded = phoneReducer(again, { type: 'recorded', position: 0, answerIndex: 3 });
    expect(lockedAnswer(recorded)).toBe(3);
    expect(recorded.mine?.recorded).toBe(true);
  });

  it("shows the server's answer after a reload, and takes no other tap", () => {
    const reloaded = run([{ type: 'view', view: askedView(0, { myAnswer: 2 }), receivedAt: 1 }], joined);
    expect(lockedAnswer(reloaded)).toBe(2);
    expect(canAnswer(reloaded, 0)).toBe(false);
    expect(phoneReducer(reloaded, { type: 'pick', position: 0, answerIndex: 0 })).toBe(reloaded);
  });

  it('unlocks a refused tap (answers closed) and says why; a recorded one stays', () => {
    const picked = phoneReducer(asked, { type: 'pick', position: 0, answerIndex: 1 });
    const refused = phoneReducer(picked, { type: 'answerRefused', position: 0, messageKey: 'errors:show.notAsked' });
    expect(lockedAnswer(refused)).toBeNull();
    expect(refused.error).toBe('errors:show.notAsked');
    const recorded = phoneReducer(picked, { type: 'recorded', position: 0, answerIndex: 1 });
    expect(phoneReducer(recorded, { type: 'answerRefused', position: 0, messageKey: 'errors:rateLimited' })).toBe(
      recorded,
    );
  });

  it('takes no tap for a question that is not on screen, nor a recorded answer to one gone by', () => {
    expect(phoneReducer(asked, { type: 'pick', position: 1, answerIndex: 0 })).toBe(asked);
    expect(phoneReducer(asked, { type: 'recorded', position: 3, answerIndex: 0 })).toBe(asked);
  });

  it('forgets the tap once the question has moved on, and shows the reveal and the podium', () => {
    const picked = phoneReducer(asked, { type: 'pick', position: 0, answerIndex: 1 });
    const revealed = phoneReducer(picked, {
      type: 'view',
      view: askedView(0, { status: 'reveal', myAnswer: 1, reveal: { correctIndex: 1, right: true } }),
      receivedAt: 9,
    });
    expect(phoneScreen(revealed)).toBe('reveal');
    expect(revealed.mine).toBeNull();
    expect(lockedAnswer(revealed)).toBe(1);
    const next = phoneReducer(revealed, { type: 'view', view: askedView(1), receivedAt: 10 });
    expect(lockedAnswer(next)).toBeNull();
    expect(canAnswer(next, 1)).toBe(true);
    const podium = phoneReducer(next, {
      type: 'view',
      view: playerView({ status: 'podium', place: 1 }),
      receivedAt: 11,
    });
    expect(phoneScreen(podium)).toBe('podium');
  });

  it('is out of the show when removed, when it closes, or when it leaves; the last snapshot stays', () => {
    for (const reason of ['removed', 'closed', 'left'] as const) {
      const gone = phoneReducer(asked, { type: 'gone', reason });
      expect(gone.phase).toEqual({ kind: 'gone', reason });
      expect(phoneScreen(gone)).toBe('gone');
      expect(gone.view).toBe(asked.view);
    }
    expect(phoneReducer(initialPhoneState, { type: 'view', view: playerView(), receivedAt: 1 })).toBe(
      initialPhoneState,
    );
  });

  it('keeps the picture and the question of each snapshot', () => {
    const view = askedView(0, { question: showQuestion({ imageUrl: '/uploads/question-images/x.webp' }) });
    expect(phoneReducer(joined, { type: 'view', view, receivedAt: 1 }).view?.question?.imageUrl).toContain('x.webp');
  });
});
