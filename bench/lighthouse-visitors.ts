import type { HostView } from '#shared/show-views.ts';
import { readSse } from './sse-reader';

/**
 * The visitors the Lighthouse bench opens pages as, set up over real HTTP as the pages would: a
 * family signed in with a profile chosen and a game in progress, and a guest's phone in the
 * family's show (its join cookie), kept on a question with the TV's stream open.
 */

async function post(baseUrl: string, path: string, body: unknown, cookie = '') {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function trpc<T>(baseUrl: string, path: string, input: unknown, cookie: string): Promise<T> {
  const response = await post(baseUrl, `/trpc/${path}`, input, cookie);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

function cookieValue(response: Response, name: string): string {
  const value = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] as string)
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!value) throw new Error(`no ${name} cookie`);
  return value;
}

type Pick = { status: string; correctAnswerIndex: number };

/** Games played to their end, one a category: answer A, and keep climbing while A was right. */
async function playedGames(baseUrl: string, cookie: string, profileId: string, count: number) {
  const categories = (await (await fetch(`${baseUrl}/trpc/categories.list`, { headers: { cookie } })).json()) as {
    result: { data: { id: number }[] };
  };
  const ids = categories.result.data.map((category) => category.id);
  for (let game = 0; game < count; game++) {
    const categoryId = ids[game % ids.length] ?? 'random';
    const { gameId } = await trpc<{ gameId: string }>(
      baseUrl,
      'game.start',
      { profileId, categoryId, lang: 'en' },
      cookie,
    );
    for (let position = 0; ; position++) {
      const pick = await trpc<Pick>(baseUrl, 'game.answer', { gameId, position, answerIndex: 0 }, cookie);
      if (pick.status !== 'playing') break;
    }
  }
}

/**
 * A family as the pages see it: signed in, a profile chosen with a history (games played in
 * several categories: /pre-game's recent games and its bars), a game in progress. Returns the
 * session cookie's value.
 */
export async function signedInFamily(baseUrl: string): Promise<string> {
  const signIn = await post(baseUrl, '/auth/local', { name: 'Bench family', email: 'lighthouse@example.test' });
  const token = cookieValue(signIn, 'ql_session');
  const cookie = `ql_session=${token}`;
  const { id: profileId } = await trpc<{ id: string }>(baseUrl, 'profiles.create', { name: 'Minh', age: 9 }, cookie);
  await trpc(baseUrl, 'profiles.choose', { profileId }, cookie);
  await playedGames(baseUrl, cookie, profileId, 8);
  await trpc(baseUrl, 'game.start', { profileId, categoryId: 'random', lang: 'en' }, cookie);
  return token;
}

export type PhoneInShow = {
  /** The phone's join cookie's value (`ql_show`). */
  joinToken: string;
  /** Moves the show on to a question the phone has not answered yet, its countdown just started. */
  freshQuestion(): Promise<void>;
  close(): void;
};

const WAIT_MS = 15_000;

/**
 * The family's show on its TV (the host's event stream open, as a TV's would be: a show whose
 * host is away ends), with one guest's phone in it, started: the phone's page is a question.
 */
export async function phoneInShow(baseUrl: string, familyToken: string): Promise<PhoneInShow> {
  const host = `ql_session=${familyToken}`;
  const { showId, code } = await trpc<{ showId: string; code: string }>(
    baseUrl,
    'show.create',
    // A child's countdown (30 s): the longest, time for a page's audit on a fresh question.
    { categoryId: 'random', questionCount: 15, lang: 'en', ageGroup: 'Kids' },
    host,
  );
  let view: HostView | null = null;
  let changed = () => {};
  const stream = new AbortController();
  const input = encodeURIComponent(JSON.stringify({ showId }));
  await readSse(`${baseUrl}/trpc/show.watch?input=${input}`, host, stream.signal, {
    onEvent(event, data) {
      if (event !== null || !data) return;
      view = JSON.parse(data) as HostView;
      changed();
    },
    onEnd: (reason) => console.error(`the TV's stream ended: ${reason}`),
  });
  /** Resolves once the TV's view is as `wanted` says. */
  const until = (wanted: (view: HostView) => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the show never reached ${what}`)), WAIT_MS);
      changed = () => {
        if (view && wanted(view)) {
          clearTimeout(timer);
          resolve();
        }
      };
      changed();
    });

  const joined = await post(baseUrl, '/trpc/show.join', { code, as: { guest: { name: 'Lan', ageGroup: 'Kids' } } }, '');
  const joinToken = cookieValue(joined, 'ql_show');
  const phone = `ql_show=${joinToken}`;
  await trpc(baseUrl, 'show.start', { showId }, host);
  await until((v) => v.status === 'question' && v.position === 0, 'its first question');

  return {
    joinToken,
    async freshQuestion() {
      const current = view as HostView | null;
      if (current?.status !== 'question' && current?.status !== 'reveal') {
        throw new Error(`the show is ${current?.status}`);
      }
      const position = current.position;
      // The one player answers (unless its countdown ran out): the question is revealed at once,
      // and the TV's Next opens the next one.
      if (current.status === 'question') await trpc(baseUrl, 'show.answer', { position, answerIndex: 0 }, phone);
      await until((v) => v.status === 'reveal' && v.position === position, `the reveal of ${position}`);
      await trpc(baseUrl, 'show.next', { showId, position }, host);
      await until((v) => v.status === 'question' && v.position === position + 1, `question ${position + 1}`);
    },
    close: () => stream.abort(),
  };
}
