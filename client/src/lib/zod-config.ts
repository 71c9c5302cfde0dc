/** Zod's configuration object, which it keeps on the global so that every copy of zod shares it. */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

/**
 * Zod without its `new Function` probe (our Content-Security-Policy forbids eval and reports the
 * attempt). Written to the global zod reads at load (zod/v4/core's `globalConfig`) instead of
 * through zod's `config()`, which would bring zod into the first load: only the forms need it.
 */
export function jitlessZod(): void {
  const global = globalThis as ZodGlobal;
  global.__zod_globalConfig ??= {};
  global.__zod_globalConfig.jitless = true;
}
