/** Spec §3: a profile's avatar is one of three files; the first is the default (spec §9). */
export const AVATARS = ['avatar1.svg', 'avatar2.svg', 'avatar3.svg'] as const;
export type Avatar = (typeof AVATARS)[number];
export const DEFAULT_AVATAR: Avatar = AVATARS[0];

export function avatarUrl(avatar: string): string {
  return `/avatars/${avatar}`;
}
