/** A start-up failure a self-hoster can fix: said in one sentence, without a stack trace. */
export class StartupError extends Error {
  override name = 'StartupError';
}
