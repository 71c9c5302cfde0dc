import type { RouterOutputs } from '../../lib/trpc';

/** One child in the family report, as the server sends it: what the report and its tallies show. */
export type Child = RouterOutputs['family']['report']['children'][number];
