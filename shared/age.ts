export const AGE_CATEGORIES = ['Kids', 'Teenagers', 'Adults'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

/** Under 13 Kids, 13–17 Teenagers, 18 and over Adults. */
export function ageCategoryOf(age: number): AgeCategory {
  if (age < 13) return 'Kids';
  if (age < 18) return 'Teenagers';
  return 'Adults';
}

/**
 * The age categories to draw from, own first, then the nearest others. Teenagers borrow from
 * Kids before Adults: an easier question is a better stand-in for a child than a harder one.
 */
export function ageCategoriesByNearness(own: AgeCategory): AgeCategory[] {
  switch (own) {
    case 'Kids':
      return ['Kids', 'Teenagers', 'Adults'];
    case 'Teenagers':
      return ['Teenagers', 'Kids', 'Adults'];
    case 'Adults':
      return ['Adults', 'Teenagers', 'Kids'];
  }
}
