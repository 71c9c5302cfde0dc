import { describe, expect, it } from 'vitest';
import { adminViewTitleKey } from './admin-views';

describe('adminViewTitleKey', () => {
  it('names every admin view apart', () => {
    const paths = [
      '/',
      '/questions',
      '/add-question',
      '/edit-question/12',
      '/categories',
      '/add-question-set',
      '/ai-tools',
    ];
    const keys = paths.map(adminViewTitleKey);
    expect(keys).toEqual([
      'nav.dashboard',
      'nav.questions',
      'nav.addQuestion',
      'form.editTitle',
      'nav.categories',
      'nav.addQuestionSet',
      'nav.aiTools',
    ]);
    expect(new Set(keys).size).toBe(paths.length);
  });

  it('has no name for a path that is not a view', () => {
    expect(adminViewTitleKey('/nowhere')).toBeNull();
    expect(adminViewTitleKey('/edit-question/12/more')).toBeNull();
  });
});
