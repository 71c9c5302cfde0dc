/**
 * The family show under load (issue 26): SHOWS shows of PHONES phones each, all at once, on one
 * server, played by a few client processes (show-client.ts). Measured: from a TV's Next to the last
 * phone of its show receiving the question (as families play: each phone answers within a few
 * seconds of its question, each TV presses Next within a second of its reveal; then every TV's
 * Next and every phone's answer at the same moment: the burst), from a show's last answer to its
 * last phone receiving the reveal, answers recorded a second, and the server's RSS a phone.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { ShowClientCommand, ShowClientReply, ShowJob, ShowSamples } from './show-client';
import { rssOf } from './startup';
import { type Latency, mb, ms, summarise } from './stats';

export type ShowOptions = {
  origin: string;
  pid: number;
  runId: string;
  shows: number;
  phonesPerShow: number;
  clients: number;
  rounds: number;
  nextSpreadMs: number;
  answerSpreadMs: number;
  startSpreadMs: number;
};

export type ShowPhase = {
  nextToLastPhone: Latency;
  answerToReveal: Latency;
  answerRoundTrip: Latency;
  answers: number;
  answersPerSecond: number;
  failures: number;
};

export type ShowResult = {
  shows: number;
  phones: number;
  rss: { before: number; hosts: number; phones: number; peak: number };
  perPhoneBytes: number;
  spread: ShowPhase;
  burst: ShowPhase;
  setupSeconds: number;
};

function client(): ChildProcess {
  return fork(join(import.meta.dirname, 'show-client.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
}

function ask(child: ChildProcess, command: ShowClientCommand): Promise<ShowSamples | undefined> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a show client exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (reply: ShowClientReply) => {
      child.off('exit', onExit);
      resolve(reply.samples);
    });
    child.send(command);
  });
}

function phaseOf(all: ShowSamples[]): ShowPhase {
  const merged = (pick: (s: ShowSamples) => number[]) => summarise(all.flatMap(pick));
  const answers = all.reduce((sum, s) => sum + s.answers, 0);
  // The clients answered side by side: the slowest one's span is the phase's.
  const answeringMs = Math.max(...all.map((s) => s.answeringMs));
  return {
    nextToLastPhone: merged((s) => s.nextToLastPhone),
    answerToReveal: merged((s) => s.answerToReveal),
    answerRoundTrip: merged((s) => s.answerRoundTrip),
    answers,
    answersPerSecond: answeringMs > 0 ? answers / (answeringMs / 1000) : Number.NaN,
    failures: all.reduce((sum, s) => sum + s.failures, 0),
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runShowCase(options: ShowOptions): Promise<ShowResult> {
  const clients = Array.from({ length: options.clients }, client);
  const each = Math.ceil(options.shows / options.clients);
  const all = (command: ShowClientCommand) => Promise.all(clients.map((c) => ask(c, command)));
  try {
    const started = performance.now();
    await Promise.all(
      clients.map((c, i) => {
        const job: ShowJob = {
          origin: options.origin,
          shows: Math.max(0, Math.min(each, options.shows - i * each)),
          phonesPerShow: options.phonesPerShow,
          rounds: options.rounds,
          nextSpreadMs: options.nextSpreadMs,
          answerSpreadMs: options.answerSpreadMs,
          startSpreadMs: options.startSpreadMs,
          runId: `${options.runId}-${i}`,
        };
        return ask(c, { type: 'setup', job });
      }),
    );
    const setupSeconds = (performance.now() - started) / 1000;
    await settle(2000);
    const before = rssOf(options.pid).rss;
    await all({ type: 'hosts' });
    await settle(2000);
    const hosts = rssOf(options.pid).rss;
    await all({ type: 'phones' });
    await settle(3000);
    const phonesRss = rssOf(options.pid).rss;

    let peak = phonesRss;
    const sampler = setInterval(() => {
      const now = rssOf(options.pid).rss;
      if (now > peak) peak = now;
    }, 100);
    let spread: ShowSamples[];
    let burst: ShowSamples[];
    try {
      spread = (await all({ type: 'play' })) as ShowSamples[];
      burst = (await all({ type: 'burst' })) as ShowSamples[];
    } finally {
      clearInterval(sampler);
    }
    await all({ type: 'close' });
    const phones = options.shows * options.phonesPerShow;
    return {
      shows: options.shows,
      phones,
      rss: { before, hosts, phones: phonesRss, peak },
      perPhoneBytes: (phonesRss - hosts) / phones,
      spread: phaseOf(spread),
      burst: phaseOf(burst),
      setupSeconds,
    };
  } finally {
    for (const c of clients) c.kill();
  }
}

/** The result as the bench prints it, line by line. */
export function showReport(
  result: ShowResult,
  options: Pick<ShowOptions, 'rounds' | 'nextSpreadMs' | 'answerSpreadMs' | 'startSpreadMs'>,
): string[] {
  const count = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const latency = (what: string, l: Latency) =>
    `  ${what.padEnd(44)} p50 ${ms(l.p50, 1).padStart(9)}  p99 ${ms(l.p99, 1).padStart(9)}  max ${ms(l.max, 1).padStart(9)}  (${count(l.count)})`;
  const lines = [
    `set up in ${result.setupSeconds.toFixed(1)} s (sign-ins, shows, joins); server RSS ${mb(result.rss.before)} before the ` +
      `streams, ${mb(result.rss.hosts)} with the TVs', ${mb(result.rss.phones)} with the phones' ` +
      `(${(result.perPhoneBytes / 1024).toFixed(1)} KB a phone), peak ${mb(result.rss.peak)} playing`,
  ];
  for (const [label, phase] of [
    [
      `${options.rounds} questions, starts over ${options.startSpreadMs / 1000} s, answers over ${options.answerSpreadMs / 1000} s, Next over ${options.nextSpreadMs / 1000} s`,
      result.spread,
    ],
    ['one question, every Next and every answer at once', result.burst],
  ] as const) {
    lines.push(
      `${label}:`,
      latency('Next → its last phone has the question', phase.nextToLastPhone),
      latency('last answer → its last phone has the reveal', phase.answerToReveal),
      latency('an answer, sent → recorded', phase.answerRoundTrip),
      `  ${count(phase.answers)} answers recorded, ${count(phase.answersPerSecond)} a second${phase.failures ? `; FAILED ${phase.failures}` : ''}`,
    );
  }
  return lines;
}
