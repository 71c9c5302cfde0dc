/**
 * Spec §3: a profile's avatar is one of these drawn files in client/public/avatars (issue 27
 * asked for a dozen: three were too few for a family); the first is the default (spec §9). The
 * order is the order the profile form offers them in. A text column holds the name, so adding
 * one needs no migration; removing one would strand the profiles that chose it.
 */
export const AVATARS = [
  'avatar1.svg',
  'avatar2.svg',
  'avatar3.svg',
  'avatar4.svg',
  'avatar5.svg',
  'avatar6.svg',
  'avatar7.svg',
  'avatar8.svg',
  'avatar9.svg',
  'avatar10.svg',
  'avatar11.svg',
  'avatar12.svg',
] as const;
export type Avatar = (typeof AVATARS)[number];
export const DEFAULT_AVATAR: Avatar = AVATARS[0];

export function avatarUrl(avatar: string): string {
  return `/avatars/${avatar}`;
}
